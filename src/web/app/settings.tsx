import { useLocalStorage } from '@mantine/hooks';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/** Layout preferences set in the customizer, kept in localStorage. The colour scheme lives in Mantine's manager. */
export interface LayoutSettings {
  navLayout: 'vertical' | 'horizontal';
  contentWidth: 'boxed' | 'full';
  skin: 'default' | 'bordered';
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  navLayout: 'vertical',
  contentWidth: 'boxed',
  skin: 'default',
};

interface SettingsContextValue {
  settings: LayoutSettings;
  update: (patch: Partial<LayoutSettings>) => void;
  reset: () => void;
}

const SettingsContext = createContext<SettingsContextValue>({
  settings: DEFAULT_SETTINGS,
  update: () => {},
  reset: () => {},
});

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useLocalStorage<LayoutSettings>({
    key: 'portal.layout',
    defaultValue: DEFAULT_SETTINGS,
    getInitialValueInEffect: false,
  });
  const value = useMemo<SettingsContextValue>(
    () => ({
      settings: { ...DEFAULT_SETTINGS, ...stored },
      update: (patch) => setStored((prev) => ({ ...DEFAULT_SETTINGS, ...prev, ...patch })),
      reset: () => setStored(DEFAULT_SETTINGS),
    }),
    [stored, setStored],
  );
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export const useSettings = () => useContext(SettingsContext);
