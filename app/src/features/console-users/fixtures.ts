// Console answers for the tests of the user pages, typed by the contract.
import type { AdminRole, AdminUserDetail, AdminUserRow, ApiData } from '@/lib/api/types';

/** 2024-05-20 12:00 in Shanghai. */
export const joined = Date.UTC(2024, 4, 20, 4, 0);

/** The raw agent of the fixture's phone session (the server names it "Safari 17 · iPhone"). */
export const iphoneAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

export function userRow(id: number, patch: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id,
    username: `user${id}`,
    email: `user${id}@example.com`,
    userType: 'user',
    status: 'active',
    subscriptionType: 'free',
    subscriptionExpiresAt: null,
    membership: 'free',
    roles: [{ id: 3, name: 'user' }],
    createdAt: joined,
    lastLoginAt: null,
    ...patch,
  };
}

export function userDetail(id: number, patch: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...userRow(id),
    language: 'zh',
    timezone: 'Asia/Shanghai',
    updatedAt: joined,
    sessions: [
      {
        id: '42',
        device: 'Safari 17 · iPhone',
        userAgent: iphoneAgent,
        ip: '203.0.113.7',
        createdAt: joined,
        lastSeenAt: joined,
        expiresAt: joined + 30 * 86_400_000,
        revokedAt: null,
        revokedReason: null,
      },
      {
        id: 'sess-old',
        device: null,
        userAgent: null,
        ip: null,
        createdAt: joined,
        lastSeenAt: joined,
        expiresAt: joined,
        revokedAt: joined,
        revokedReason: 'logout',
      },
    ],
    orders: [
      {
        id: 41,
        kind: 'book',
        title: '三体',
        currency: 'CNY',
        amount: 1990,
        state: 'paid',
        createdAt: joined,
        paidAt: joined,
      },
    ],
    purchases: [{ id: 5, bookId: 3, chapterId: null, title: '三体', orderId: 41, createdAt: joined }],
    listening: { hours: 12.5, books: 3, lastPlayedAt: joined, lastBookId: 3, lastBookTitle: '三体' },
    ...patch,
  };
}

export const roles: AdminRole[] = [
  { id: 1, name: 'admin', description: '', userCount: 1, permissions: [], builtIn: true },
  { id: 2, name: 'editor', description: '', userCount: 2, permissions: ['manage:books'], builtIn: true },
  { id: 3, name: 'user', description: '', userCount: 9, permissions: [], builtIn: true },
];

export const plans: ApiData<'/api/plans', 'get'> = {
  items: [
    {
      id: 1,
      code: 'monthly',
      months: 1,
      prices: { cny: 1990, usd: 299, jpy: null },
      currency: 'CNY',
      price: 1990,
      active: true,
    },
  ],
};
