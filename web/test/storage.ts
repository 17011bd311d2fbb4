// Stand-ins for the browser's localStorage and sessionStorage (the tests run in Node, which has neither).
export interface MemoryStorage {
  data: Record<string, string>;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
    removeItem: (key) => {
      delete data[key];
    },
  };
}

// Storage that refuses everything, as a browser's storage turned off does.
export function refusingStorage(): MemoryStorage {
  const refuse = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return { data: {}, getItem: refuse, setItem: refuse, removeItem: refuse };
}

// Storage that reads but is full, as in Safari's private mode of old or at the quota.
export function fullStorage(initial: Record<string, string> = {}): MemoryStorage {
  const storage = memoryStorage(initial);
  storage.setItem = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return storage;
}
