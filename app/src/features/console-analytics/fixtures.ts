// Console answers for the tests of the analytics pages, typed by the contract.
import type {
  AdminFeedback,
  AnalyticsOverview,
  PeriodReport,
  SearchAnalytics,
  VisitorAnalytics,
} from '@/lib/api/types';

const zero = {
  activeListeners: 0,
  plays: 0,
  listenedHours: 0,
  completions: 0,
  newUsers: 0,
  membersGained: 0,
  membersLost: 0,
  booksAdded: 0,
  chaptersAdded: 0,
};

const day = (date: string, plays: number) => ({
  date,
  activeListeners: Math.ceil(plays / 2),
  plays,
  listenedHours: plays / 4,
  newUsers: 1,
  membersGained: 0,
  membersLost: 0,
});

/** Three days of November against the three before them. */
export function overview(patch: Partial<AnalyticsOverview> = {}): AnalyticsOverview {
  return {
    from: '2026-11-01',
    to: '2026-11-03',
    previousFrom: '2026-10-29',
    previousTo: '2026-10-31',
    current: { ...zero, activeListeners: 12, plays: 1234, listenedHours: 56.5, newUsers: 3, membersGained: 2 },
    previous: { ...zero, activeListeners: 10, plays: 1000, listenedHours: 40, newUsers: 5, membersLost: 1 },
    days: [day('2026-11-01', 400), day('2026-11-02', 434), day('2026-11-03', 400)],
    previousDays: [day('2026-10-29', 300), day('2026-10-30', 300), day('2026-10-31', 400)],
    revenue: [
      {
        currency: 'CNY',
        orders: 3,
        revenue: 5400,
        refunds: 1800,
        previousOrders: 1,
        previousRevenue: 1800,
        previousRefunds: 0,
      },
    ],
    topBooks: [{ bookId: 7, title: '西游记', plays: 800, listenedHours: 30, completions: 200, completionRate: 0.25 }],
    topChapters: [{ chapterId: 70, bookId: 7, title: '第一回', bookTitle: '西游记', plays: 300, listenedHours: 9 }],
    topCategories: [{ categoryId: 1, name: '古典', plays: 900, listenedHours: 33 }],
    ...patch,
  };
}

export const quietOverview = (): AnalyticsOverview =>
  overview({ current: zero, previous: zero, revenue: [], topBooks: [], topChapters: [], topCategories: [] });

/** The visitors of the same three days against the three before them; a day with no visits. */
export function visitors(patch: Partial<VisitorAnalytics> = {}): VisitorAnalytics {
  return {
    from: '2026-11-01',
    to: '2026-11-03',
    previousFrom: '2026-10-29',
    previousTo: '2026-10-31',
    current: { visitors: 1500, pageViews: 4200, events: 7000 },
    previous: { visitors: 1600, pageViews: 4200, events: 6500 },
    days: [
      { date: '2026-11-01', visitors: 1000, pageViews: 3000 },
      { date: '2026-11-02', visitors: 0, pageViews: 0 },
      { date: '2026-11-03', visitors: 500, pageViews: 1200 },
    ],
    topPages: [
      { pageUrl: '/books/7', views: 1400 },
      { pageUrl: '/', views: 1200 },
    ],
    topSources: [
      { source: 'www.google.com', visits: 700 },
      { source: null, visits: 500 },
    ],
    ...patch,
  };
}

export const quietVisitors = (): VisitorAnalytics =>
  visitors({
    current: { visitors: 0, pageViews: 0, events: 0 },
    days: [],
    topPages: [],
    topSources: [],
  });

export function searches(patch: Partial<SearchAnalytics> = {}): SearchAnalytics {
  return {
    from: '2026-11-01',
    to: '2026-11-02',
    searches: 9,
    noResults: 2,
    topQueries: [
      {
        query: '西游记',
        forms: ['西游记', 'xiyouji'],
        searches: 5,
        noResults: 0,
        topBookId: 7,
        topBookTitle: '西游记',
      },
    ],
    noResultQueries: [
      { query: '金庸 全集', forms: ['金庸 全集'], searches: 2, noResults: 2, topBookId: null, topBookTitle: null },
    ],
    days: [
      { date: '2026-11-01', searches: 4, noResults: 1 },
      { date: '2026-11-02', searches: 5, noResults: 1 },
    ],
    ...patch,
  };
}

export function report(): PeriodReport {
  const all = overview();
  return {
    from: all.from,
    to: all.to,
    previousFrom: all.previousFrom,
    previousTo: all.previousTo,
    current: { ...all.current, booksAdded: 4, chaptersAdded: 12 },
    previous: all.previous,
    revenue: all.revenue,
    topBooks: all.topBooks,
    topCategories: all.topCategories,
  };
}

export function feedback(id: number, patch: Partial<AdminFeedback> = {}): AdminFeedback {
  return {
    id,
    category: 'bug',
    message: '播放到一半就停了，请看看。',
    contact: null,
    language: 'zh',
    userAgent: null,
    createdAt: Date.UTC(2026, 10, 2, 8),
    status: 'open',
    reply: null,
    repliedByName: null,
    repliedAt: null,
    ...patch,
  };
}
