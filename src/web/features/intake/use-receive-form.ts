import './i18n';
import { useLingui } from '@lingui/react/macro';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api/api-error';
import { savedOnDeviceNotice } from '../../lib/offline/saved-notice';
import { lookupQueryOptions } from './api';
import { useReceiveParcel } from './hooks';
import { EMPTY, normalise, prefill, problemsOf, toFields, type Values } from './receive-form';

/**
 * The receive form's state and keyboard flow: what is typed, the lookup it drives (customer, pre-alert, duplicate),
 * the photo, and saving. After a save the form is empty and the tracking field focused again at once.
 */
export function useReceiveForm() {
  const { t } = useLingui();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<string | null>(null);
  // The server's word on the earlier receipt: whose parcel it is and its status.
  const [duplicateSaid, setDuplicateSaid] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [prefilledFor, setPrefilledFor] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const trackingRef = useRef<HTMLInputElement>(null);
  const weightRef = useRef<HTMLInputElement>(null);
  const receive = useReceiveParcel();

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
    if (key === 'tracking_number') setDuplicate(null);
  };

  const [lookupArgs] = useDebouncedValue(
    {
      tracking_number: normalise(values.tracking_number),
      mailbox_number: values.mailbox_number.trim(),
      consignee: values.consignee.trim(),
    },
    250,
  );
  const lookup = useQuery(lookupQueryOptions(lookupArgs));

  // A pending pre-alert fills what the clerk has not typed (once per tracking number; typed values win).
  const pre = lookup.data?.prealert ?? null;
  useEffect(() => {
    if (!pre || prefilledFor === pre.id) return;
    setPrefilledFor(pre.id);
    setValues((v) => prefill(v, pre));
  }, [pre, prefilledFor]);

  const reset = useCallback(() => {
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
    setDuplicate(null);
    setPhoto(null);
    setPrefilledFor(null);
    trackingRef.current?.focus();
  }, []);

  /** A refusal: the duplicate says so with a link; field messages go on their fields; anything else above. */
  function refused(err: unknown) {
    if (!(err instanceof ApiError)) {
      setFormError(t`The parcel could not be saved. Please try again.`);
      return;
    }
    const existing = err.fieldErrors.existing_package_id?.[0];
    if (err.status === 409 && existing) {
      setDuplicate(existing);
      setDuplicateSaid(err.fieldErrors.tracking_number?.[0] ?? err.message);
      trackingRef.current?.focus();
      return;
    }
    const placed: Record<string, string> = {};
    for (const [k, m] of Object.entries(err.fieldErrors)) if (k in values) placed[k] = m.join(' ');
    setErrors(placed);
    if (Object.keys(placed).length === 0) setFormError(err.message);
  }

  async function save(e?: FormEvent) {
    e?.preventDefault();
    if (receive.isPending) return;
    const problems = problemsOf(values);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      (problems.tracking_number ? trackingRef : weightRef).current?.focus();
      return;
    }
    setFormError(null);
    const typed = normalise(values.tracking_number);
    try {
      const got = await receive.mutateAsync({ fields: toFields(values), photo });
      notifications.show(
        got
          ? {
              color: got.owner ? 'green' : 'yellow',
              title: got.owner ? t`Received for ${got.owner.name}` : t`Received as Unassigned`,
              message: `${got.tracking_number}${got.matched.prealert_id ? t` · pre-alert matched` : ''}`,
            }
          : savedOnDeviceNotice(t`Parcel ${typed}`),
      );
      reset();
    } catch (err) {
      refused(err);
    }
  }

  /** Enter moves to the next field (a scanner's Enter after the tracking number lands on the weight). */
  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    if (e.key !== 'Enter') return;
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      void save();
      return;
    }
    const target = e.target as HTMLElement;
    if (target.tagName !== 'INPUT' || (target as HTMLInputElement).type === 'checkbox') return;
    e.preventDefault();
    const steps = [...(formRef.current?.querySelectorAll<HTMLElement>('[data-step]') ?? [])];
    const next = steps[steps.indexOf(target) + 1];
    if (next) next.focus();
    else void save();
  }

  /** The camera read a label: its number goes in, and the weight is next. */
  const onScanned = useCallback((code: string) => {
    setValues((v) => ({ ...v, tracking_number: normalise(code) }));
    setTimeout(() => weightRef.current?.focus(), 0);
  }, []);

  return {
    values,
    set,
    errors,
    formError,
    duplicate,
    duplicateSaid,
    photo,
    setPhoto,
    saving: receive.isPending,
    save,
    onKeyDown,
    onScanned,
    lookup: lookup.data,
    refs: { formRef, trackingRef, weightRef },
  };
}

export type ReceiveForm = ReturnType<typeof useReceiveForm>;
