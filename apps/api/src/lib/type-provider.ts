import type { FastifyTypeProvider } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';

/** Types request parts from their TypeBox schemas (@fastify/type-provider-typebox is not installed). */
export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  // Answers carry Date objects that the serializer turns into strings, so replies stay untyped.
  serializer: unknown;
}
