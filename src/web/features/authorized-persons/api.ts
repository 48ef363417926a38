import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  authorizedPersonEndpoints,
  type createAuthorizedPersonBodySchema,
} from '../../../contract/authorized-persons';
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
    queryFn: () => api.call(authorizedPersonEndpoints.list),
  });

/** The same body sent again with the same key (see lib/api's idempotencyKeys) never adds the person twice. */
export const addAuthorizedPerson = (body: AuthorizedPersonBody, idempotencyKey: string) =>
  api.call(authorizedPersonEndpoints.create, { body, idempotencyKey });

export const updateAuthorizedPerson = (id: string, body: AuthorizedPersonBody) =>
  api.call(authorizedPersonEndpoints.update, { params: { id }, body });

export const deleteAuthorizedPerson = (id: string) =>
  api.call(authorizedPersonEndpoints.remove, { params: { id } });
