import type { UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { type RefObject, type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { applyServerErrors, type ErrorSink } from './form';

/** What a form needs from useFormSubmit: put `formRef` and `onSubmit` on the form, show `formError`. */
export interface FormSubmission {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event?: SyntheticEvent<HTMLFormElement>) => void;
  /** The server's refusal that landed on no field; null when there is none. */
  formError: string | null;
  busy: boolean;
}

/**
 * Sends a form's values: checked first (the first invalid field gets the focus), then sent; the server's field
 * messages go on their fields and focus the first of them, anything else is shown above the form.
 */
export function useFormSubmit<Values extends object, Body, Result>({
  form,
  toBody,
  send,
  onSent,
  failure,
  errorSink = form,
  onPendingChange,
}: {
  form: UseFormReturnType<Values>;
  toBody: (values: Values) => Body;
  send: (body: Body) => Promise<Result>;
  onSent: (result: Result) => void;
  /** Shown above the form when the refusal names no field the form has (or the network failed). */
  failure: string;
  /** Where the server's field messages go, when its field names are not the form's. */
  errorSink?: ErrorSink;
  /** Told when sending starts and ends (a modal does not close mid-send). */
  onPendingChange?: (pending: boolean) => void;
}): FormSubmission {
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstError = () =>
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });

  const mutation = useMutation({
    mutationFn: (body: Body) => send(body),
    // A request started offline fails at once (and says so) instead of waiting silently for the network.
    networkMode: 'always',
    onSuccess: (result) => onSent(result),
    onError: (e) => {
      setFormError(applyServerErrors(errorSink, e, failure));
      focusFirstError();
    },
  });
  const busy = mutation.isPending;
  useEffect(() => {
    onPendingChange?.(busy);
    // Unmounted (the modal closed on success): nothing is pending any more.
    return () => onPendingChange?.(false);
  }, [busy, onPendingChange]);

  const onSubmit = form.onSubmit((values) => {
    setFormError(null);
    mutation.mutate(toBody(values));
  }, focusFirstError);

  return { formRef, onSubmit, formError, busy };
}
