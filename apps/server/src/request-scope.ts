import type { RequestScope } from '@app/api';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The parts of a Fastify exchange the API may touch: the client's address, its device, its cookies. */
export function requestScope(req: FastifyRequest, reply: FastifyReply): RequestScope {
  return {
    ip: req.ip,
    deviceId: req.deviceId,
    cookie: (name) => req.cookies[name],
    setCookie: (cookie) => {
      reply.setCookie(cookie.name, cookie.value, cookie.attributes);
    },
    setHeader: (name, value) => {
      reply.header(name, value);
    },
  };
}
