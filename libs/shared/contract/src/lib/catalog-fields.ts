// The catalog's field kinds, shared by catalog.ts and products.ts (not exported from the library).
import { Type } from '@sinclair/typebox';

export const Name = Type.String({ minLength: 1, maxLength: 200 });
export const Search = Type.String({ maxLength: 200 });
export const Timestamp = Type.String({ format: 'date-time' });
