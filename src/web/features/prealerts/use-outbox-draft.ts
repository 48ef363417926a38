import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useState } from 'react';
import { outbox } from '../../lib/offline/outbox-app';
import type { OutboxRecord } from '../../lib/offline/outbox-model';
import type { PrealertFormValues } from './prealert-form';

/**
 * Loads an outbox item the server refused into the pre-alert form (its fields, its files rebuilt from the stored
 * bytes, and the server's field messages), and resends it through the outbox when the user submits.
 */
export function useOutboxDraft(id: string | undefined, form: UseFormReturnType<PrealertFormValues>) {
  const [record, setRecord] = useState<OutboxRecord | null>(null);
  const { setValues, setErrors, resetDirty } = form;

  useEffect(() => {
    if (!id) {
      setRecord(null);
      return;
    }
    let cancelled = false;
    void (async () => {
      const item = await outbox.get(id);
      if (!item || cancelled) return;
      const { record: rec, files } = item;
      const f = rec.fields;
      setValues({
        tracking_number: f.tracking_number ?? '',
        seller_name: f.seller_name ?? '',
        description: f.description ?? '',
        weight: f.weight ?? '',
        value: f.value ?? '',
        package_type: f.package_type ?? null,
        height: f.height ?? 0,
        length: f.length ?? 0,
        width: f.width ?? 0,
        files,
      });
      resetDirty();
      const errors: Record<string, string> = {};
      for (const [field, messages] of Object.entries(rec.lastError?.fieldErrors ?? {})) {
        if (messages[0]) errors[field] = messages[0];
      }
      setErrors(errors);
      setRecord(rec);
    })();
    return () => {
      cancelled = true;
    };
  }, [id, setValues, setErrors, resetDirty]);

  return {
    record,
    resend: async (fields: Record<string, string>, label: string, files: File[]) => {
      if (!record) return;
      await outbox.resend(record.id, { fields, label, files });
    },
  };
}
