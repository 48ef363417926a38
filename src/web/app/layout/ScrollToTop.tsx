import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Affix, Transition, useDirection } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

const SHOW_AFTER_PX = 200;

/**
 * Appears after 200 px of scrolling. The position is read in scroll events only: Mantine's useWindowScroll also
 * reads it as it mounts, which forced a layout of the whole page in the middle of the first render (the largest
 * single cost of a cold /user in a 4x-slowed CPU profile, about 100 ms).
 */
export function ScrollToTop() {
  const [shown, setShown] = useState(false);
  // At the end corner: right, or left in Arabic (Affix takes physical sides only).
  const { dir } = useDirection();
  const { t } = useLingui();
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > SHOW_AFTER_PX);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <Affix position={dir === 'rtl' ? { bottom: 24, left: 24 } : { bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={shown}>
        {(style) => (
          <ActionIcon
            style={style}
            size="xl"
            radius="xl"
            variant="filled"
            aria-label={t`Scroll to top`}
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <IconArrowUp size={22} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
