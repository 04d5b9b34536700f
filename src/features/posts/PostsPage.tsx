import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { ListPaginator } from '../../ui/ListPaginator';
import type { PostsResult } from './loadPosts';
import { POSTS_PER_PAGE_OPTIONS, type PostsFilters } from './postsFilters';
import { PostCard } from './PostCard';
import { countOf } from '../../ui/plural';
import './posts.css';

export interface PostsPageProps {
  fbGroupId: string;
  filters: PostsFilters;
  /** What the search box shows; it leads the filters while typing. */
  searchText: string;
  /** null while the posts load. */
  result: PostsResult | null;
  onSearchTextChange(text: string): void;
  onPageChange(page: number, perPage: number): void;
  zone?: string;
}

function PostsCount({ result, filters }: { result: PostsResult | null; filters: PostsFilters }) {
  if (result?.kind !== 'loaded') return null;
  const text = filters.search ? `Found ${result.count} of ${countOf(result.countAll, 'post')}` : countOf(result.countAll, 'post');
  return (
    <p className="posts-page__count" aria-live="polite">
      {text}
    </p>
  );
}

function PostsBody({ result, filters, fbGroupId, zone }: Pick<PostsPageProps, 'result' | 'filters' | 'fbGroupId' | 'zone'>) {
  if (!result) {
    return (
      <div className="posts-page__status" role="status">
        <span className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading posts…
      </div>
    );
  }
  if (result.kind === 'failed') {
    return <Message severity="error" text={`Posts could not be loaded. ${result.reason}`} className="posts-page__error" />;
  }
  if (result.posts.length === 0) {
    return (
      <div className="posts-page__status">
        <span className="pi pi-inbox" aria-hidden="true" />{' '}
        {filters.search ? 'No posts match your search.' : 'No posts yet.'}
      </div>
    );
  }
  return (
    <ul className="posts-page__list">
      {result.posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} fbGroupId={fbGroupId} zone={zone} />
        </li>
      ))}
    </ul>
  );
}

/** The group's posts as cards, with a search box and pagination. */
export function PostsPage({ fbGroupId, filters, searchText, result, onSearchTextChange, onPageChange, zone }: PostsPageProps) {
  const total = result?.kind === 'loaded' ? result.count : 0;
  return (
    <section className="posts-page" aria-labelledby="posts-page-title">
      <header className="posts-page__header">
        <h1 id="posts-page-title">Posts</h1>
        <PostsCount result={result} filters={filters} />
        <span className="p-input-icon-left posts-page__search">
          <InputText
            type="search"
            value={searchText}
            placeholder="Type here to Search Post"
            aria-label="Search posts"
            onChange={(event) => onSearchTextChange(event.target.value)}
          />
        </span>
      </header>
      <PostsBody result={result} filters={filters} fbGroupId={fbGroupId} zone={zone} />
      <ListPaginator
        className="posts-page__paginator"
        page={filters.page}
        perPage={filters.perPage}
        total={total}
        perPageOptions={POSTS_PER_PAGE_OPTIONS}
        onPageChange={onPageChange}
      />
    </section>
  );
}
