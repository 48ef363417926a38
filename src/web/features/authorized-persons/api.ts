import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createAuthorizedPersonBodySchema } from '../../../contract/authorized-persons';
import { authorizedPersonCalls } from '../../../contract/authorized-persons.calls';
import { api } from '../../lib/api';

/** A validated body, as the form sends it for both POST (create) and PUT (a full replacement). */
export type AuthorizedPersonBody = z.output<typeof createAuthorizedPersonBodySchema>;

export const authorizedPersonKeys = {
  all: ['authorized-persons'] as const,
  list: () => ['authorized-persons', 'list'] as const,
};

export const authorizedPersonsQueryOptions = () =>
  queryOptions({
    queryKey: authorizedPersonKeys.list(),
    queryFn: () => api.call(authorizedPersonCalls.list),
  });

/** The same body sent again with the same key (see lib/api's idempotencyKeys) never adds the person twice. */
export const addAuthorizedPerson = (body: AuthorizedPersonBody, idempotencyKey: string) =>
  api.call(authorizedPersonCalls.create, { body, idempotencyKey });

export const updateAuthorizedPerson = (id: string, body: AuthorizedPersonBody) =>
  api.call(authorizedPersonCalls.update, { params: { id }, body });

export const deleteAuthorizedPerson = (id: string) =>
  api.call(authorizedPersonCalls.remove, { params: { id } });
