import type { RequestScope } from '@app/api';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether the browser says another site started the request (a link or an <img> there): Sec-Fetch-Site. */
export function startedElsewhere(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/** The parts of a Fastify exchange the API may touch: the client's address, its device and traits, its cookies. */
export function requestScope(req: FastifyRequest, reply: FastifyReply): RequestScope {
  return {
    ip: req.ip,
    deviceId: req.deviceId,
    deviceTraits: req.deviceTraits,
    startedElsewhere: startedElsewhere(req),
    cookie: (name) => req.cookies[name],
    setCookie: (cookie) => {
      reply.setCookie(cookie.name, cookie.value, cookie.attributes);
    },
    setHeader: (name, value) => {
      reply.header(name, value);
    },
  };
}
