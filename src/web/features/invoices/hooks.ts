import { useMutation } from '@tanstack/react-query';
import { downloadInvoicePdf } from './api';

/** Downloads the invoice's PDF, saved under its number; the screen shows when it fails. */
export function useInvoicePdf(id: string, number: string | null) {
  return useMutation({ mutationFn: () => downloadInvoicePdf(id, number ?? 'Draft') });
}
