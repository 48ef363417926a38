import { Card, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** One part of a record's page (a customer, a company): a card named by its heading. */
export function RecordSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}
