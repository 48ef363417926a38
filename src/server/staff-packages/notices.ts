import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../http/auth';
import { linkOrigin } from '../http/origin';
import type { Notice } from './staff-packages.service';

/** Tells each customer once about all their packages a change touched; returns how many were told. */
export async function tellOwners(
  app: FastifyInstance,
  request: FastifyRequest,
  notices: Notice[],
): Promise<number> {
  const { company } = authOf(request);
  const origin = linkOrigin(request, app.config);
  let told = 0;
  for (const n of notices) {
    const sent = await app.notifications.packagesStatus(
      company,
      n.userId,
      n.packages,
      n.statusName,
      n.note,
      origin,
    );
    if (sent) told += 1;
  }
  return told;
}
