// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListPaginator } from '../../../src/ui/ListPaginator';

function screenMatching(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query === '(max-width: 700px)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const pageLinks = () => screen.getAllByRole('button').filter((button) => /^\d+$/.test(button.textContent ?? ''));

describe('the list pagination bar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows fifteen page links on a wide screen', () => {
    screenMatching(false);
    render(<ListPaginator page={1} perPage={25} total={1000} perPageOptions={[25, 50]} onPageChange={() => {}} />);
    expect(pageLinks().map((link) => link.textContent)).toEqual(Array.from({ length: 15 }, (_, index) => String(index + 1)));
  });

  it('shows five page links around the current page on a phone', () => {
    screenMatching(true);
    render(<ListPaginator page={10} perPage={25} total={1000} perPageOptions={[25, 50]} onPageChange={() => {}} />);
    expect(pageLinks().map((link) => link.textContent)).toEqual(['8', '9', '10', '11', '12']);
  });

  it('shows no bar for an empty list', () => {
    screenMatching(false);
    const { container } = render(<ListPaginator page={1} perPage={25} total={0} perPageOptions={[25, 50]} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
