import { describe, expect, it } from 'vitest';
import { withLocale } from '../server/i18n';
import { INVOICE_STATUS_LABELS } from './constants';
import { HOLD_REASONS } from './package-hold';
import { updateProfileBodySchema } from './profile';
import { daysWord } from './storage';
import { text } from './text';

// The contract's words are read when shown: the same constant and the same schema speak the reader's language.
const firstError = (locale: string) =>
  withLocale(locale, () => updateProfileBodySchema.safeParse({ first_name: '' }).error?.issues[0]?.message);

describe('the contract in the reader’s language', () => {
  it('labels a status in Spanish and in English', () => {
    expect(withLocale('es', () => INVOICE_STATUS_LABELS.paid)).toBe('Pagada');
    expect(withLocale('es', () => HOLD_REASONS.missing_invoice.label)).toBe('Falta la factura');
    expect(withLocale('en', () => INVOICE_STATUS_LABELS.paid)).toBe('Paid');
  });

  it('words a validation message in Spanish and in English', () => {
    expect(firstError('es')).toBe('Ingresa tu nombre');
    expect(firstError('en')).toBe('Enter your first name');
    const nul = withLocale('es', () => text().safeParse('a\u0000b').error?.issues[0]?.message);
    expect(nul).toBe('Quita el carácter NUL (\\u0000): no se permite en el texto');
  });

  it('counts days with each language’s plural rule', () => {
    expect(withLocale('es', () => [daysWord(1), daysWord(3)])).toEqual(['1 día', '3 días']);
    expect(withLocale('ar', () => daysWord(2))).toBe('يومان');
  });
});
