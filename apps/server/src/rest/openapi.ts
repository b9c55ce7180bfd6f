import { type AppRouter, type Credentials, tierFactsOf } from '@app/api';
import { OPERATOR_COOKIE, SESSION_COOKIE } from '@app/auth';
import { ERROR_CODES, type ErrorCode } from '@app/contracts';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import { isRateLimited } from '../security/rate-limits';
import { routerProcedures } from '../trpc/procedures';
import { escapeHtml, serverPageHead } from '../web/server-page';
import { listRestProcedures, REST_PREFIX } from './adapter';
import { UPLOAD_PHOTO_PATH } from './upload';

export type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>;

type Operation = NonNullable<NonNullable<OpenApiDocument['paths']>[string]>['get'] & object;
type Responses = NonNullable<Operation['responses']>;
type Schema = NonNullable<NonNullable<OpenApiDocument['components']>['schemas']>[string];

/** The security scheme of each kind of caller's cookie (docs/api-conventions.md#the-openapi-document). */
const SECURITY: Record<Credentials, Array<Record<string, string[]>>> = {
  none: [],
  session: [{ session: [] }],
  operator: [{ operatorSession: [] }],
  operatorOrSession: [{ operatorSession: [] }, { session: [] }],
};

const ERROR_SCHEMA = '#/components/schemas/Error';

/**
 * Node's own answer, on any path, to a request whose headers or whole body did not arrive in time
 * (docs/decisions.md#timeouts-and-a-minimum-body-rate): a bare 408 that closes the connection, no JSON.
 */
const REQUEST_TIMEOUT: Responses[string] = {
  description: 'The request did not arrive within the server’s timeouts: no body, and the connection is closed',
};

/** What a call may be refused with that no procedure says: the server's own rules around every procedure. */
interface Transport {
  method: string;
  takesInput: boolean;
  hasPathIds: boolean;
  rateLimited: boolean;
}

/**
 * The codes the server itself may answer a call with: 400 for input it does not take, 403 for a foreign
 * Origin on a state change, 404 for an id that names nothing, 413 and 415 for a body it does not read
 * (docs/api-conventions.md#calls-the-apps-make), 429 for a rate limit, and 500 and 503 for any call.
 */
function transportRefusals({ method, takesInput, hasPathIds, rateLimited }: Transport): ErrorCode[] {
  const takesBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  return [
    ...(takesInput || takesBody ? (['BAD_REQUEST'] as const) : []),
    ...(method !== 'GET' ? (['FORBIDDEN'] as const) : []),
    ...(hasPathIds ? (['NOT_FOUND'] as const) : []),
    ...(takesBody ? (['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'] as const) : []),
    ...(rateLimited ? (['TOO_MANY_REQUESTS'] as const) : []),
    'INTERNAL_SERVER_ERROR',
    'SERVICE_UNAVAILABLE',
  ];
}

/** One response per status, its body an Error whose `code` is one of the codes this operation may carry at that status. */
function errorResponses(codes: Iterable<ErrorCode>): Responses {
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const code of codes) {
    const status = ERROR_CODES[code].httpStatus;
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  const responses: Responses = {};
  for (const [status, set] of [...byStatus].sort(([a], [b]) => a - b)) {
    const list = [...set];
    responses[String(status)] = {
      description: `Refused: ${list.join(', ')}`,
      content: {
        'application/json': {
          schema: { allOf: [{ $ref: ERROR_SCHEMA }, { type: 'object', properties: { code: { type: 'string', enum: list } } }] },
        },
      },
    };
  }
  return responses;
}

/** The error body of docs/api-conventions.md#errors: message and code, and the refusal's details beside them. */
const errorSchema: Schema = {
  type: 'object',
  description:
    'An error answer. `code` is a key of ERROR_CODES (always with the same status); a refusal that carries facts has them ' +
    'beside message and code as strings (session, decided, currentBalance, currentTotalBalance, currentUpgradeEarnings, ' +
    'balanceCeiling, collectedTaskId, collectedReward, field, ...).',
  properties: {
    message: { type: 'string', description: 'A catalogue text, or an admin’s own words (a maintenance message)' },
    code: { type: 'string', enum: Object.keys(ERROR_CODES) },
  },
  required: ['message', 'code'],
  additionalProperties: { type: 'string' },
};

/**
 * The document of every /api path, generated from the procedures' own zod schemas and metadata, then made
 * to say what trpc-to-openapi cannot know (docs/api-conventions.md#the-openapi-document): each operation's
 * statuses and error codes (its tier's, its own `refusals` and the server's), who may call it, and the
 * statements' text/csv.
 */
export function buildOpenApiDocument(router: AppRouter, baseUrl: string): OpenApiDocument {
  const doc = generateOpenApiDocument(router, {
    title: 'PesoTasks API',
    version: '1.0.0',
    description:
      'Every /api path of the product. Money is a string with two decimals. Errors are {message, code}, with the ' +
      'facts of a refusal beside them, and each code always comes with the same status; each operation lists the ' +
      'statuses it may answer and the codes each may carry. ' +
      'Signed-in calls use the session cookie, the commission operator’s the operator cookie; state changes must come from an allowed Origin.',
    baseUrl: `${baseUrl}${REST_PREFIX}`,
    securitySchemes: {
      session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'A member’s or admin’s session' },
      operatorSession: { type: 'apiKey', in: 'cookie', name: OPERATOR_COOKIE, description: 'The commission operator’s session' },
    },
  });
  const paths = doc.paths ?? {};
  const procedures = routerProcedures(router);
  for (const route of listRestProcedures(router)) {
    const procedure = procedures.get(route.path);
    const meta = procedure?.meta;
    const documentedPath = meta?.openapi?.path ?? '';
    const operation = paths[documentedPath]?.[route.method.toLowerCase() as 'get'];
    const tier = procedure && tierFactsOf(procedure.built);
    if (!operation || !tier) throw new Error(`OpenAPI: ${route.method} ${documentedPath} has no operation or no tier`);
    const codes = new Set<ErrorCode>([
      ...tier.refusals,
      ...(meta?.refusals ?? []),
      ...transportRefusals({
        method: route.method,
        takesInput: route.takesInput,
        hasPathIds: documentedPath.includes('{'),
        rateLimited: isRateLimited(route.path),
      }),
    ]);
    const success = operation.responses?.['200'] as { description: string; content?: Record<string, unknown> } | undefined;
    if (route.download && success) success.content = { 'text/csv': { schema: { type: 'string' } } };
    operation.security = SECURITY[tier.credentials];
    operation.responses = { ...(success ? { '200': success } : {}), ...errorResponses(codes), '408': REQUEST_TIMEOUT };
  }
  // The one multipart path is a plain route (tRPC carries no files); document it beside the others.
  paths[UPLOAD_PHOTO_PATH.replace(REST_PREFIX, '')] = {
    post: {
      operationId: 'profile-uploadPhoto',
      summary: 'Upload a profile photo (PNG, JPEG, WebP or GIF, at most 5 MB)',
      tags: ['profile'],
      security: SECURITY.session,
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', properties: { profilePhoto: { type: 'string', format: 'binary' } }, required: ['profilePhoto'] },
          },
        },
      },
      responses: {
        '200': {
          description: 'The new photo address',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { profileImageUrl: { type: 'string' } }, required: ['profileImageUrl'] },
            },
          },
        },
        ...errorResponses([
          'UNAUTHORIZED',
          ...transportRefusals({
            method: 'POST',
            takesInput: true,
            hasPathIds: false,
            rateLimited: isRateLimited(`POST ${UPLOAD_PHOTO_PATH}`),
          }),
        ]),
        '408': REQUEST_TIMEOUT,
      },
    },
  };
  doc.paths = paths;
  const schemas = { ...doc.components?.schemas };
  for (const name of Object.keys(schemas)) if (name.startsWith('error.')) delete schemas[name];
  doc.components = { ...doc.components, schemas: { ...schemas, Error: errorSchema } };
  return doc;
}

/**
 * A readable page of the document, rendered on the server: no script, nothing fetched from elsewhere;
 * its inline style carries the response's Content-Security-Policy nonce.
 */
export function renderDocsPage(doc: OpenApiDocument, styleNonce: string): string {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(
      item as Record<string, { summary?: string; tags?: string[]; security?: Array<Record<string, unknown>> }>,
    )) {
      const auth = operation.security?.length
        ? operation.security.map((scheme) => ('operatorSession' in scheme ? 'operator' : 'signed in')).join(' or ')
        : 'public';
      rows.push(
        `<tr><td><code class="m ${method}">${method.toUpperCase()}</code></td><td><code>/api${escapeHtml(path)}</code></td>` +
          `<td>${escapeHtml(operation.summary ?? '')}</td><td>${escapeHtml((operation.tags ?? []).join(', '))}</td><td>${auth}</td></tr>`,
      );
    }
  }
  return `${serverPageHead(`${doc.info.title} reference`)}
<style nonce="${styleNonce}">body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1f2937}
table{border-collapse:collapse;width:100%}.scroll{overflow-x:auto}td,th{border-bottom:1px solid #e5e7eb;padding:.4rem .6rem;text-align:left;vertical-align:top}
code{font:13px ui-monospace,monospace}.m{font-weight:700}.get{color:#047857}.post{color:#1d4ed8}.put{color:#b45309}.delete{color:#b91c1c}</style></head>
<body><h1>${escapeHtml(doc.info.title)} reference</h1><p>${escapeHtml(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p>
<div class="scroll"><table><thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Area</th><th>Who</th></tr></thead><tbody>${rows.join('')}</tbody></table></div></body></html>`;
}
