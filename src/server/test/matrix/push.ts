import { mine, no, type Op, own, victimRow } from './expectations';

/** Rows of the access matrix: web push (the VAPID public key and the caller's own subscriptions). */
export const PUSH_OPS: Record<string, Op> = {
  'GET /v1/push/public-key': {
    rule: 'signed in (verified or not): the deployment’s VAPID public key, the same for everyone',
    req: () => ({ url: '/v1/push/public-key' }),
    expect: mine(false, { owner: own(), unverified: own() }),
  },
  'GET /v1/push/subscriptions': {
    rule: 'signed in: the caller’s own devices only (staff too: never a customer’s)',
    req: () => ({ url: '/v1/push/subscriptions' }),
    expect: mine(false, { unverified: own() }),
    shows: (f) => f.push.deviceName,
  },
  'POST /v1/push/subscriptions': {
    rule: 'signed in: subscribes one of the caller’s own devices (a body naming the victim is ignored, not obeyed)',
    req: (f, c) => ({
      url: '/v1/push/subscriptions',
      payload: {
        ...(c === 'owner' ? {} : { user_id: f.victim.id }),
        endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${c}-${Date.now()}`,
        keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
        device_name: `Probe of ${c}`,
      },
    }),
    expect: mine(false, {
      owner: own(201),
      neighbour: own(201),
      unverified: own(201),
      staff: own(201),
      admin: own(201),
      platform: own(201),
      blue: own(201),
      blueStaff: own(201),
      demoted: own(201),
    }),
  },
  'DELETE /v1/push/subscriptions/{id}': {
    rule: 'signed in: the owner only; anyone else (staff included): 404',
    req: (f) => ({ url: `/v1/push/subscriptions/${f.push.subscriptionId}` }),
    expect: victimRow(false, { unverified: no(404) }),
  },
};
