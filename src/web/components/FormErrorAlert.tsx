import { Alert } from '@mantine/core';

/** Why a form was refused, above its fields, when the reason belongs to no one field; nothing otherwise. */
export function FormErrorAlert({ title, error }: { title: string; error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {error}
    </Alert>
  );
}
