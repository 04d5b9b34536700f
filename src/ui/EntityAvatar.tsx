import { useState } from 'react';
import '../styles/entity-avatar.css';

/** Backgrounds that keep white initials above 4.5:1 contrast. */
const BACKGROUNDS = ['#047857', '#1d4ed8', '#7c3aed', '#b45309', '#be123c', '#0e7490', '#4338ca', '#a21caf'];

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const initials = words
    .slice(0, 2)
    .map((word) => word[0].toLocaleUpperCase())
    .join('');
  return initials || '?';
}

function backgroundOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return BACKGROUNDS[hash % BACKGROUNDS.length];
}

export interface EntityAvatarProps {
  name: string;
  imageUrl: string | null;
  shape?: 'circle' | 'square';
}

/**
 * The picture of a person or a group, or their initials when there is none or it fails to load.
 * Decorative: the name is always shown beside it.
 */
export function EntityAvatar({ name, imageUrl, shape = 'circle' }: EntityAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showsImage = imageUrl !== null && imageUrl !== failedUrl;
  return (
    <span
      className={`entity-avatar entity-avatar--${shape}`}
      style={showsImage ? undefined : { background: backgroundOf(name) }}
      aria-hidden="true"
    >
      {showsImage ? <img src={imageUrl} alt="" onError={() => setFailedUrl(imageUrl)} /> : initialsOf(name)}
    </span>
  );
}
