import { create } from 'zustand';

export type NotificationType = 'success' | 'error';

export type AppNotification = {
  id: string;
  message: string;
  type: NotificationType;
  key?: string;
  hasShown: boolean;
  /** Milliseconds on screen; false keeps it until closed; absent means the default 5 s. */
  timeout?: number | false;
};

export type NotifyOptions = {
  message: string;
  type: NotificationType;
  key?: string;
  timeout?: number | false;
};

type NotificationsState = {
  notifications: Record<string, AppNotification>;
  notify: (options: NotifyOptions) => string | null;
  markShown: (id: string) => void;
  remove: (id: string) => void;
  reset: () => void;
};

export const useNotificationsStore = create<NotificationsState>()((set, get) => ({
  notifications: {},
  notify: ({ message, type, key, timeout }) => {
    if (!message) return null;
    const { notifications } = get();
    if (key !== undefined && key in notifications) return key;
    const id = key ?? freeTimestampId(notifications);
    const notification: AppNotification = { id, message, type, hasShown: false };
    if (key !== undefined) notification.key = key;
    if (timeout !== undefined) notification.timeout = timeout;
    set({ notifications: { ...notifications, [id]: notification } });
    return id;
  },
  markShown: (id) =>
    set(({ notifications }) => {
      const notification = notifications[id];
      if (!notification || notification.hasShown) return {};
      return { notifications: { ...notifications, [id]: { ...notification, hasShown: true } } };
    }),
  remove: (id) =>
    set(({ notifications }) => {
      if (!(id in notifications)) return {};
      const rest = { ...notifications };
      delete rest[id];
      return { notifications: rest };
    }),
  reset: () => set({ notifications: {} }),
}));

/** Keyed by the current timestamp (spec §3); two notices in one millisecond must not collide. */
function freeTimestampId(taken: Record<string, AppNotification>): string {
  let stamp = Date.now();
  while (String(stamp) in taken) stamp += 1;
  return String(stamp);
}

/** Adds a notification; an empty message is ignored (spec §5). Returns its id or null. */
export function notify(options: NotifyOptions): string | null {
  return useNotificationsStore.getState().notify(options);
}
