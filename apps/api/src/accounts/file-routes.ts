import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { FILE_CONTENT_TYPES, FILE_MAX_BYTES, FileRecord, IdParam } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { HttpError } from '../lib/http-error';
import { orNotFound } from '../lib/tenant';
import { readUpload } from '../lib/uploads';
import { cleanFileName, contentDisposition, contentMatches, isAllowedType } from '../lib/file-types';
import { rowsOf } from '../lib/tenancy';
import { fileContent, insertFile } from './file-store';

const access: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'tenant' };

export default async function fileRoutes(base: FastifyInstance) {
  // Registered here, not app-wide, so only the upload routes accept multipart bodies.
  await base.register(multipart);
  const app = base.withTypeProvider<TypeBoxProvider>();

  app.post(
    '/file',
    {
      config: { access },
      schema: {
        tags: ['files'],
        consumes: ['multipart/form-data'],
        response: { 201: FileRecord },
        description: `multipart/form-data with the file in the field "file"; at most ${FILE_MAX_BYTES} bytes; types: ${FILE_CONTENT_TYPES.join(', ')}`,
      },
    },
    async (req, reply) => {
      const upload = await readUpload(req, 'file', FILE_MAX_BYTES);
      const type = upload.mimetype;
      if (!isAllowedType(type))
        throw new HttpError(
          415,
          `Files of type ${type || 'unknown'} are not accepted; allowed: ${FILE_CONTENT_TYPES.join(', ')}`,
        );
      if (!contentMatches(type, upload.data)) throw new HttpError(400, `The file's content is not ${type}`);
      const { user } = req;
      const row = await insertFile(app.db, {
        name: cleanFileName(upload.filename),
        content_type: type,
        data: upload.data,
        size: upload.data.length,
        uploaded_by: user.uuid,
        // The uploader's tenant owns the file; a system admin's file belongs to no tenant.
        company_uuid: user.user_type === 'company_admin' || user.user_type === 'user' ? user.company_uuid : null,
        reseller_uuid: user.user_type === 'reseller' ? user.reseller_uuid : null,
      });
      return reply.code(201).send(row);
    },
  );

  app.get(
    '/file/:id',
    {
      config: { access },
      schema: {
        tags: ['files'],
        params: IdParam,
        description: 'The stored bytes, with Content-Type and Content-Disposition',
      },
    },
    async (req, reply) => {
      const row = orNotFound(
        await fileContent(
          app.db,
          rowsOf(req, { company: 'files.company_uuid', reseller: 'files.reseller_uuid' }),
          req.params.id,
        ),
        'File',
      );
      // A type outside today's list (older rows) downloads as opaque bytes.
      const type = isAllowedType(row.content_type) ? row.content_type : 'application/octet-stream';
      const bytes = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
      // Text uploads were checked to be UTF-8 on the way in, so the charset is known.
      return reply
        .type(type.startsWith('text/') ? `${type}; charset=utf-8` : type)
        .header('content-disposition', contentDisposition(type, row.name))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}
