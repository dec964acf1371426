// The feedback inbox of /admin/reports: listeners' messages, newest first, filtered by status and
// category (kept in the address with the page), each answerable in place; an answer is checked by
// core's `validateFeedbackReply` before it is sent, and a refusal is named under its field.
import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Skeleton } from '@/components/async-state/async-state';
import { Pagination } from '@/components/catalog/pagination';
import { FilterSelect } from '@/components/console/filter-select';
import { FormSubmit } from '@/components/console/form-submit';
import { TextAreaField } from '@/components/form-field/form-field';
import type { AdminFeedback } from '@/lib/api/types';
import { formatSmartTime, validateFeedbackReply } from '@/lib/core-pages';
import { describeFailure, fieldMessages, serverFields, type FieldMessages } from '@/lib/form-errors';
import { useLang } from '@/lib/lang';
import type { Label } from '@/lib/i18n';
import { analyticsQueries, useReplyFeedback } from './queries';

/** The server's own page size for feedback. */
export const feedbackPageSize = 20;

const STATUS_LABEL = {
  open: (t) => t('console.feedback.status.open'),
  answered: (t) => t('console.feedback.status.answered'),
} satisfies Record<AdminFeedback['status'], Label>;

const CATEGORY_LABEL = {
  bug: (t) => t('console.feedback.categories.bug'),
  content: (t) => t('console.feedback.categories.content'),
  suggestion: (t) => t('console.feedback.categories.suggestion'),
  account: (t) => t('console.feedback.categories.account'),
  other: (t) => t('console.feedback.categories.other'),
} satisfies Record<string, Label>;

type Filters = { status: string; category: string };

export function FeedbackInbox({
  filters,
  page,
  onFilters,
}: {
  filters: Filters;
  page: number;
  onFilters: (patch: Partial<Filters> & { page?: number }) => void;
}) {
  const { t } = useTranslation('console');
  const id = useId();
  const list = useQuery(
    analyticsQueries.feedback({
      status: filters.status || undefined,
      category: filters.category || undefined,
      page,
      pageSize: feedbackPageSize,
    }),
  );
  return (
    <section className="analytics-section feedback-inbox" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('console.feedback.title')}</h2>
      <div className="console-toolbar">
        <div className="filters" role="group" aria-label={t('console.feedback.filters')}>
          <FilterSelect
            id={`${id}-status`}
            label={t('console.feedback.statusLabel')}
            value={filters.status}
            options={[
              ['', t('console.feedback.all')],
              ...Object.entries(STATUS_LABEL).map(([value, label]): [string, string] => [value, label(t)]),
            ]}
            onChange={(status) => onFilters({ status })}
          />
          <FilterSelect
            id={`${id}-category`}
            label={t('console.feedback.categoryLabel')}
            value={filters.category}
            options={[
              ['', t('console.feedback.all')],
              ...Object.entries(CATEGORY_LABEL).map(([value, label]): [string, string] => [value, label(t)]),
            ]}
            onChange={(category) => onFilters({ category })}
          />
        </div>
      </div>
      {list.isPending && <Skeleton count={3} variant="row" />}
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.isSuccess && list.data.total === 0 && <EmptyState>{t('console.feedback.empty')}</EmptyState>}
      {list.isSuccess && list.data.items.length > 0 && (
        <ol className="feedback-list">
          {list.data.items.map((message) => (
            <FeedbackItem key={message.id} message={message} />
          ))}
        </ol>
      )}
      {list.isSuccess && (
        <Pagination
          page={page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={(next) => onFilters({ page: next })}
        />
      )}
    </section>
  );
}

function FeedbackItem({ message }: { message: AdminFeedback }) {
  const { t } = useTranslation('console');
  const { lang } = useLang();
  const reply = useReplyFeedback();
  const [draft, setDraft] = useState(message.reply ?? '');
  const [refused, setRefused] = useState<FieldMessages>({});
  const time = (ms: number) => formatSmartTime({ timestampMs: ms, nowMs: Date.now(), lang });
  const category = Object.hasOwn(CATEGORY_LABEL, message.category)
    ? CATEGORY_LABEL[message.category as keyof typeof CATEGORY_LABEL](t)
    : message.category;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateFeedbackReply({ message: draft, lang });
    if (checked.kind === 'invalid') {
      setRefused(fieldMessages(checked.errors));
      return;
    }
    setRefused({});
    reply.mutate({ id: message.id, message: checked.message });
  };
  const errors = { ...serverFields(reply.error), ...refused };
  return (
    <li className="feedback-item" data-testid={`feedback-${message.id}`}>
      <p className="feedback-meta">
        <span
          className={
            message.status === 'answered' ? 'console-badge console-badge--on' : 'console-badge console-badge--warn'
          }
        >
          {STATUS_LABEL[message.status](t)}
        </span>{' '}
        {category} · {time(message.createdAt)}
        {message.contact ? ` · ${message.contact}` : ''}
      </p>
      <p className="feedback-message">{message.message}</p>
      {message.status === 'answered' && message.repliedAt != null ? (
        <p className="console-sub">
          {t('console.feedback.answeredBy', { name: message.repliedByName ?? '', time: time(message.repliedAt) })}
        </p>
      ) : null}
      <form className="feedback-reply" onSubmit={submit} noValidate>
        <TextAreaField
          label={t('console.feedback.reply')}
          value={draft}
          rows={3}
          error={errors.message}
          onValueChange={setDraft}
        />
        <FormSubmit
          failure={reply.isError ? describeFailure(reply.error, t) : null}
          saving={reply.isPending}
          label={message.status === 'answered' ? t('console.feedback.replyAgain') : t('console.feedback.send')}
          name={t('console.feedback.sendTo', { id: message.id })}
        />
      </form>
    </li>
  );
}
