// oidc-provider ships no types; the OpenID Connect test uses only this much of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export default class Provider {
    constructor(issuer: string, configuration: object);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
