import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, AppShell, Box, Burger, Container, Group, Image, Text, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { OfflineGate } from '../../components/OfflineBanner';
import { NotificationsBell } from '../../features/notifications/NotificationsBell';
import { companyQueryOptions } from '../../features/tenant/api';
import { outbox } from '../../lib/offline/outbox-app';
import { useSettings } from '../settings';
import { NavSearch } from './NavSearch';
import { ScrollToTop } from './ScrollToTop';
import { Shortcuts } from './Shortcuts';
import { UserMenu } from './UserMenu';
import { VerticalNav } from './VerticalNav';

const HorizontalNav = lazy(() => import('./HorizontalNav').then((m) => ({ default: m.HorizontalNav })));
const MobileNav = lazy(() => import('./MobileNav').then((m) => ({ default: m.MobileNav })));
const OutboxControl = lazy(() =>
  import('../../components/outbox/OutboxControl').then((m) => ({ default: m.OutboxControl })),
);
/**
 * The outbox's badge and drawer load only once something waits in it: an empty outbox (most visits) shows nothing,
 * and its component, progress bar and styles were four requests of a cold dashboard. Once shown it stays mounted
 * (its drawer says "Everything is sent" when the last item leaves). The outbox itself is in the layout's chunk
 * already (the user menu's logout asks it what is still waiting).
 */
function OutboxSlot() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needed) return;
    const check = () => {
      if (outbox.getSnapshot().records.length > 0) setNeeded(true);
    };
    const unsubscribe = outbox.subscribe(check);
    check();
    void outbox.refresh();
    return unsubscribe;
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <OutboxControl />
    </Suspense>
  ) : null;
}

const Customizer = lazy(() => import('./Customizer').then((m) => ({ default: m.Customizer })));

/** Below this width the menu is an overlay drawer and always vertical. */
const OVERLAY_QUERY = '(max-width: 1279px)';
const HEADER_HEIGHT = 64;
const HORIZONTAL_BAR_HEIGHT = 50;

function Brand() {
  const { t } = useLingui();
  const { data: company } = useQuery(companyQueryOptions());
  return (
    <Link to="/user" style={{ textDecoration: 'none', color: 'inherit', minWidth: 0 }}>
      <Group gap="xs" wrap="nowrap">
        {company?.logo_url ? <Image src={company.logo_url} alt="" w={34} h={34} fit="contain" /> : null}
        {/* A size smaller on phones, so "Island Express" fits beside the header buttons at 375 px. */}
        <Text fw={700} fz={{ base: 'md', sm: 'lg' }} truncate maw={{ base: 170, sm: 260 }}>
          {company?.name ?? t`Customer portal`}
        </Text>
      </Group>
    </Link>
  );
}

/** The portal's shell: header with search, shortcuts, bell and user menu; vertical or horizontal menu. */
export function DefaultLayout() {
  const { settings } = useSettings();
  const { t } = useLingui();
  const { data: company } = useQuery(companyQueryOptions());
  const overlay = useMediaQuery(OVERLAY_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [navOpened, nav] = useDisclosure(false);
  const closeNav = nav.close;
  const [customizerOpened, customizer] = useDisclosure(false);
  // The customizer (drawer + radios) is fetched the first time it is opened.
  const [customizerLoaded, setCustomizerLoaded] = useState(false);
  useEffect(() => {
    if (customizerOpened) setCustomizerLoaded(true);
  }, [customizerOpened]);
  const [mobileNavLoaded, setMobileNavLoaded] = useState(false);
  useEffect(() => {
    if (navOpened) setMobileNavLoaded(true);
  }, [navOpened]);
  const { pathname } = useLocation();
  const horizontal = settings.navLayout === 'horizontal' && !overlay;
  const compact = useMediaQuery('(max-width: 600px)', false, { getInitialValueInEffect: false }) ?? false;

  // Close the overlay menu whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => {
    closeNav();
  }, [pathname, closeNav]);

  return (
    <AppShell
      header={{ height: horizontal ? HEADER_HEIGHT + HORIZONTAL_BAR_HEIGHT : HEADER_HEIGHT }}
      navbar={
        horizontal || overlay
          ? undefined
          : { width: 264, breakpoint: 0, collapsed: { desktop: false, mobile: false } }
      }
      padding="md"
    >
      <AppShell.Header>
        <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {overlay && (
              <Burger
                opened={navOpened}
                onClick={nav.toggle}
                size="sm"
                aria-label={navOpened ? t`Close navigation` : t`Open navigation`}
              />
            )}
            <Brand />
          </Group>
          <Group gap={compact ? 2 : 'xs'} wrap="nowrap">
            <NavSearch compact={compact} />
            {!compact && <Shortcuts />}
            <OutboxSlot />
            <NotificationsBell />
            {!compact && (
              <Tooltip label={t`Customize`}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t`Customize`}
                  onClick={customizer.open}
                >
                  <IconSettings size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
            <UserMenu onOpenCustomizer={customizer.open} compact={compact} />
          </Group>
        </Group>
        {horizontal && (
          <Box
            h={HORIZONTAL_BAR_HEIGHT}
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Suspense fallback={null}>
              <HorizontalNav />
            </Suspense>
          </Box>
        )}
      </AppShell.Header>

      {!horizontal && !overlay && (
        <AppShell.Navbar>
          <VerticalNav />
        </AppShell.Navbar>
      )}

      {overlay && mobileNavLoaded && (
        <Suspense fallback={null}>
          <MobileNav opened={navOpened} onClose={nav.close} title={<Brand />} />
        </Suspense>
      )}

      <AppShell.Main>
        <Container
          size={settings.contentWidth === 'boxed' ? 'xl' : undefined}
          fluid={settings.contentWidth === 'full'}
          px={0}
          mih="calc(100dvh - 160px)"
        >
          <OfflineGate serverName={company?.name}>
            <Outlet />
          </OfflineGate>
        </Container>
        <Container
          size={settings.contentWidth === 'boxed' ? 'xl' : undefined}
          fluid={settings.contentWidth === 'full'}
          px={0}
        >
          {/* Room at the end (right; left in Arabic) for the scroll-to-top button (44 px, 24 px from the corner), so it never covers
              the help link when the page is scrolled to the bottom. */}
          <Box
            py="lg"
            pe={64}
            mt="xl"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            data-print-hide
          >
            <FooterText />
          </Box>
        </Container>
      </AppShell.Main>

      {customizerLoaded && (
        <Suspense fallback={null}>
          <Customizer opened={customizerOpened} onClose={customizer.close} />
        </Suspense>
      )}
      <ScrollToTop />
    </AppShell>
  );
}

function FooterText() {
  const { t } = useLingui();
  const { data: company } = useQuery(companyQueryOptions());
  const year = new Date().getFullYear();
  const name = company?.name ?? t`Customer portal`;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        © {year} {name}
      </Text>
      {company?.support_email && (
        <Text size="sm" c="dimmed">
          <Trans>
            Need help?{' '}
            <a href={`mailto:${company.support_email}`} dir="ltr">
              {company.support_email}
            </a>
          </Trans>
        </Text>
      )}
    </Group>
  );
}
