import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { book } from '@/testing/catalog-fixtures';
import { BookGrid, Cover } from './book-card';

const withCover = (id: number) => book(id, { coverUrl: `/api/covers/${id}/large` });

describe('covers in the first screen', () => {
  it('are fetched at once and first; the others when they near the screen', () => {
    const { container } = render(
      <>
        <Cover book={withCover(1)} priority />
        <Cover book={withCover(2)} />
      </>,
    );
    const [first, second] = container.querySelectorAll('img');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).not.toHaveAttribute('fetchpriority', 'high');
  });

  it('are the first `priorityCount` cards of a grid', () => {
    const { container } = render(
      <MemoryRouter>
        <BookGrid books={[1, 2, 3, 4].map(withCover)} priorityCount={2} />
      </MemoryRouter>,
    );
    const loading = [...container.querySelectorAll('img')].map((img) => img.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'lazy', 'lazy']);
  });
});
