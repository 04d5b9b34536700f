import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { samplePosts } from './fixtures';
import { PostsPage } from './PostsPage';
import { DEFAULT_POSTS_FILTERS } from './postsFilters';

const meta = {
  title: 'Posts/PostsPage',
  component: PostsPage,
  args: {
    fbGroupId: '123456789',
    filters: DEFAULT_POSTS_FILTERS,
    searchText: '',
    result: { kind: 'loaded', posts: samplePosts, count: 95, countAll: 95 },
    onSearchTextChange: fn(),
    onPageChange: fn(),
    zone: 'utc',
  },
} satisfies Meta<typeof PostsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithPosts: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(page.getByRole('heading', { name: 'Posts' })).toBeVisible();
    await expect(page.getByText('95 posts')).toBeVisible();
    await expect(page.getByRole('link', { name: '#1029384756' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/groups/123456789/posts/1029384756',
    );
    await expect(page.getByText('Mar 1st 2026 3:05 PM')).toHaveAttribute('title', '2026-03-01 15:05:00 UTC');
    await expect(page.getByText('Ada Runner')).toBeVisible();
    await expect(page.getByText('12 comments')).toBeVisible();
    await expect(page.getByText('1 reaction')).toBeVisible();
  },
};

export const Searched: Story = {
  args: {
    filters: { ...DEFAULT_POSTS_FILTERS, search: 'sunday' },
    searchText: 'sunday',
    result: { kind: 'loaded', posts: [samplePosts[1]!], count: 1, countAll: 95 },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Found 1 of 95 posts')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { result: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading posts…');
  },
};

export const Empty: Story = {
  args: { result: { kind: 'loaded', posts: [], count: 0, countAll: 0 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No posts yet.')).toBeVisible();
  },
};

export const NoMatches: Story = {
  args: {
    filters: { ...DEFAULT_POSTS_FILTERS, search: 'zzz' },
    searchText: 'zzz',
    result: { kind: 'loaded', posts: [], count: 0, countAll: 95 },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No posts match your search.')).toBeVisible();
  },
};

export const Failed: Story = {
  args: { result: { kind: 'failed', reason: 'The server answered with HTTP 501.' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Posts could not be loaded\. The server answered with HTTP 501\./)).toBeVisible();
  },
};
