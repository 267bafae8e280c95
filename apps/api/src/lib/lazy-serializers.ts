// Response serializers compiled on a route's first answer instead of at start.
//
// Why: fast-json-stringify compiles every response schema of every route while the server starts, about 1.4 s of
// CPU here. A test file starts its own server and answers a few routes, so the server suite paid that once per
// file for code it never ran. The production server keeps compiling at start (a broken schema stops the start),
// and one server spec starts it that way, so every schema is still compiled in every run.
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type BuildSerializer = ReturnType<typeof SerializerSelector>;

export function lazySerializers(): BuildSerializer {
  const build = SerializerSelector();
  return (externalSchemas, serializerOpts) => {
    const compile = build(externalSchemas, serializerOpts);
    return (route) => {
      let serialize: ((data: unknown) => string) | undefined;
      return (data: unknown) => (serialize ??= compile(route))(data);
    };
  };
}
