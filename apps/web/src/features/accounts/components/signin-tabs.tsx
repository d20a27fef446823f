import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '@/lib/class-names';

export type SigninMode = 'password' | 'sms';
const MODES: readonly SigninMode[] = ['password', 'sms'];

export const signinPanelId = (mode: SigninMode) => `signin-panel-${mode}`;
export const signinTabId = (mode: SigninMode) => `signin-tab-${mode}`;

type SigninTabsProps = {
  mode: SigninMode;
  onChange: (mode: SigninMode) => void;
  /** A pointer pressed on the tabs or the focus in them: a switch may follow. */
  onIntent?: () => void;
};

/** «По паролю» / «По коду из СМС»: tabs, switched by click or the arrow keys. */
export function SigninTabs({ mode, onChange, onIntent }: SigninTabsProps) {
  const { t } = useTranslation('accounts');
  const tabs = useRef<Partial<Record<SigninMode, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = MODES[(MODES.indexOf(mode) + 1) % MODES.length] ?? mode;
    onChange(next);
    tabs.current[next]?.focus();
  };
  return (
    <div
      className="accounts-tabs"
      role="tablist"
      aria-label={t('signin.modes')}
      onPointerDown={onIntent}
      onFocus={onIntent}
    >
      {MODES.map((item) => (
        <button
          key={item}
          ref={(button) => {
            tabs.current[item] = button;
          }}
          type="button"
          role="tab"
          id={signinTabId(item)}
          aria-selected={item === mode}
          aria-controls={signinPanelId(item)}
          tabIndex={item === mode ? 0 : -1}
          className={cx('accounts-tabs__tab', item === mode && 'accounts-tabs__tab--active')}
          onClick={() => onChange(item)}
          onKeyDown={onKeyDown}
        >
          {t(`signin.mode.${item}`)}
        </button>
      ))}
    </div>
  );
}
