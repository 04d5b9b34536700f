// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
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

  it('pages with the arrows and the page links, and cannot go before the first or past the last page', () => {
    screenMatching(false);
    const onPageChange = vi.fn();
    const { rerender } = render(<ListPaginator page={1} perPage={25} total={60} perPageOptions={[25, 50]} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'First Page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous Page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Next Page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Last Page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPageChange.mock.calls).toEqual([
      [2, 25],
      [3, 25],
      [2, 25],
    ]);

    rerender(<ListPaginator page={3} perPage={25} total={60} perPageOptions={[25, 50]} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Next Page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last Page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Previous Page' }));
    fireEvent.click(screen.getByRole('button', { name: 'First Page' }));
    expect(onPageChange.mock.calls.slice(3)).toEqual([
      [2, 25],
      [1, 25],
    ]);
  });

  it('offers the page sizes and goes back to page 1 with the size chosen', () => {
    screenMatching(false);
    const onPageChange = vi.fn();
    render(<ListPaginator page={4} perPage={25} total={1000} perPageOptions={[25, 50, 100]} onPageChange={onPageChange} />);
    const perPage = screen.getByRole('combobox', { name: 'Change items per page' });
    expect(perPage).toHaveAttribute('title', 'Change items per page');
    expect(perPage).toHaveValue('25');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['25', '50', '100']);
    fireEvent.change(perPage, { target: { value: '100' } });
    expect(onPageChange).toHaveBeenCalledExactlyOnceWith(1, 100);
  });

  it('reports nothing when the page already shown is clicked', () => {
    screenMatching(false);
    const onPageChange = vi.fn();
    render(<ListPaginator page={2} perPage={25} total={100} perPageOptions={[25, 50]} onPageChange={onPageChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('moves to the last page when the list shrinks under the page shown', () => {
    screenMatching(false);
    const onPageChange = vi.fn();
    const { rerender } = render(<ListPaginator page={4} perPage={25} total={100} perPageOptions={[25, 50]} onPageChange={onPageChange} />);
    expect(onPageChange).not.toHaveBeenCalled();
    rerender(<ListPaginator page={4} perPage={25} total={60} perPageOptions={[25, 50]} onPageChange={onPageChange} />);
    expect(onPageChange).toHaveBeenCalledExactlyOnceWith(3, 25);
  });
});
