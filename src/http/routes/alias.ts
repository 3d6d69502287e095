/** POST /v0/alias (secret key only): addresses that are one person in this app; every book merges them. */
import { Type, type Static } from '@sinclair/typebox';
import { DirectoryInputError, MAX_ALIAS_EMAILS, type DirectoryService } from '../../services/directory.ts';
import { invalid } from '../../services/errors.ts';
import { bodyFieldWarnings } from '../../services/upload-warnings.ts';
import { elapsedSeconds } from '../error-handler.ts';
import { Warning } from '../schemas.ts';
import type { RouteSpec } from './table.ts';

export const AliasBody = Type.Object({
  emails: Type.Array(Type.String({ maxLength: 320 }), { minItems: 2, maxItems: MAX_ALIAS_EMAILS, description: 'Two or more addresses of one person' }),
});
export type AliasBody = Static<typeof AliasBody>;

export const AliasResponse = Type.Object({
  data: Type.Object({ emails: Type.Array(Type.String(), { description: 'Every address now known as this person (normalised)' }) }),
  message: Type.String(),
  meta: Type.Object({
    time: Type.Number(),
    warnings: Type.Optional(Type.Array(Warning, { description: 'Fields of the body this endpoint does not read (ignored), with a did-you-mean' })),
  }),
});

/** A service input error as the documented 400 naming the field. */
export function asInvalid(e: unknown): never {
  if (e instanceof DirectoryInputError) throw invalid(e.field, e.problem);
  throw e;
}

/** POST /v0/alias, as an entry of the route table. */
export function aliasRoutes(deps: { directory: DirectoryService }): RouteSpec[] {
  return [
    {
      method: 'POST',
      url: '/v0/alias',
      auth: 'secret_key',
      schema: {
        summary: 'Declare that several e-mail addresses are one person',
        description:
          'From then on every address book of the app (GET and POST, every user) merges the contacts holding any of these addresses into one. Groups that share an address become one group.',
        tags: ['directory'],
        body: AliasBody,
        response: { 200: AliasResponse },
      },
      example: { body: { emails: ['ana@example.org', 'ana.silva@work.example'] } },
      sample: { path: '/v0/alias', body: { emails: ['a@example.com', 'b@example.com'] } },
      handler: async (request) => {
        const emails = await deps.directory.alias(request.auth.tenant, (request.body as AliasBody).emails, Date.now()).catch(asInvalid);
        const warnings = bodyFieldWarnings(request.body, Object.keys(AliasBody.properties));
        return {
          data: { emails },
          message: `Alias of ${emails.length} addresses added.`,
          meta: { time: elapsedSeconds(request), ...(warnings.length > 0 ? { warnings } : {}) },
        };
      },
    },
  ];
}
