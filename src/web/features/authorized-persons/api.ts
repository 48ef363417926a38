import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AuthorizedPerson,
  createAuthorizedPersonBodySchema,
} from '../../../contract/authorized-persons';
import { accountApi, api as paths } from '../../../contract/paths';
import type { Identification } from '../../../contract/reference';
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
    queryFn: () => api.get<AuthorizedPerson[]>(accountApi.authorizedPersons.list),
  });

/** The ID types a person may show (driver's licence, passport...): reference data that rarely changes. */
export const identificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['identifications'],
    queryFn: () => api.get<Identification[]>(paths.identifications),
    staleTime: 24 * 60 * 60_000,
  });

export const addAuthorizedPerson = (body: AuthorizedPersonBody, idempotencyKey: string) =>
  api.post<AuthorizedPerson>(accountApi.authorizedPersons.create, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const updateAuthorizedPerson = (id: string, body: AuthorizedPersonBody) =>
  api.put<AuthorizedPerson>(accountApi.authorizedPersons.one(id), body);

export const deleteAuthorizedPerson = (id: string) => api.delete<null>(accountApi.authorizedPersons.one(id));
