import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { idempotencyKeys } from '../../lib/api';
import { useChange } from '../../lib/use-change';
import { downloadInvoicePdf, startCheckout } from './api';

/** Downloads the invoice's PDF, saved under its number; the screen shows when it fails. */
export function useInvoicePdf(id: string, number: string | null) {
  return useMutation({ mutationFn: () => downloadInvoicePdf(id, number ?? 'Draft') });
}

/** Leaves the app for the provider's page (a full navigation: the provider's page is not ours). */
export const goToProvider = (url: string) => window.location.assign(url);

/**
 * Starts paying invoices online, then sends the browser to the provider's page. The same invoices asked again
 * (a double click, a retry after a lost reply) carry the same Idempotency-Key, so only one attempt is made.
 */
export function useCheckout(navigate: (url: string) => void = goToProvider) {
  const keys = useRef(idempotencyKeys()).current;
  return useChange({
    mutationFn: (invoiceIds: string[]) => startCheckout({ invoiceIds, key: keys.keyFor(invoiceIds) }),
    changes: [],
    onSuccess: (result) => navigate(result.redirect_url),
  });
}
