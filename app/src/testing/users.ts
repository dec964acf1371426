// Fixture users for tests: one of each kind the route guards distinguish.
import type { UserView } from '@/lib/api/types';

const day = 24 * 60 * 60 * 1000;
const base = {
  avatarUrl: '/avatar-placeholder.svg',
  status: 'active' as const,
  preferences: { language: 'zh', timezone: 'Asia/Shanghai', trackingEnabled: true },
  roles: [],
  permissions: [],
  createdAt: Date.UTC(2024, 0, 15),
  lastLoginAt: null,
};

export const users = {
  free: {
    ...base,
    id: 1,
    email: 'free@example.com',
    username: 'free',
    userType: 'user',
    subscriptionType: 'free',
    subscriptionExpiresAt: null,
  },
  premium: {
    ...base,
    id: 2,
    email: 'premium@example.com',
    username: 'premium',
    userType: 'user',
    subscriptionType: 'premium',
    subscriptionExpiresAt: Date.now() + 30 * day,
  },
  lifetime: {
    ...base,
    id: 3,
    email: 'lifetime@example.com',
    username: 'lifetime',
    userType: 'user',
    subscriptionType: 'premium',
    subscriptionExpiresAt: null,
  },
  expiredPremium: {
    ...base,
    id: 4,
    email: 'expired@example.com',
    username: 'expired',
    userType: 'user',
    subscriptionType: 'premium',
    subscriptionExpiresAt: Date.now() - day,
  },
  admin: {
    ...base,
    id: 5,
    email: 'admin@example.com',
    username: 'admin',
    userType: 'admin',
    subscriptionType: 'free',
    subscriptionExpiresAt: null,
  },
  editor: {
    ...base,
    id: 6,
    email: 'editor@example.com',
    username: 'editor',
    userType: 'user',
    subscriptionType: 'free',
    subscriptionExpiresAt: null,
    roles: ['editor'],
    permissions: ['manage:books'],
  },
  editorWithoutBooks: {
    ...base,
    id: 7,
    email: 'viewer@example.com',
    username: 'viewer',
    userType: 'user',
    subscriptionType: 'free',
    subscriptionExpiresAt: null,
    roles: ['editor'],
    permissions: ['view:analytics'],
  },
} satisfies Record<string, UserView>;
