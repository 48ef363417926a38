import { Badge, type BadgeProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './ToneBadge.module.css';

export type ToneBadgeProps = BadgeProps & { tone: string; children: string };

/**
 * A light badge in one of the theme's colours whose text passes WCAG AA on its tint, in both colour schemes
 * (Mantine's light variant uses shade 6 text, which several colours fail).
 */
export function ToneBadge({ tone, children, ...props }: ToneBadgeProps) {
  const style = {
    '--status-tone-strong': `var(--mantine-color-${tone}-9)`,
    '--status-tone-soft': `var(--mantine-color-${tone}-2)`,
  } as CSSProperties;
  return (
    <Badge
      variant="light"
      color={tone}
      tt="none"
      className={classes.badge}
      style={style}
      data-tone={tone}
      {...props}
    >
      {children}
    </Badge>
  );
}
