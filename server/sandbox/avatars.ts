import { hashString } from './random';

/** Sandbox images are drawn on request, so the sandbox needs no network and stores no files. */
export const SANDBOX_IMAGE_PATH = '/sandbox/images';

const SANDBOX_IMAGE = new RegExp(`^${SANDBOX_IMAGE_PATH}/(?:avatar|picture)/[0-9]+\\.svg$`);

/** Whether a stored image path is one of the sandbox's own images. */
export function isSandboxImagePath(path: string): boolean {
  return SANDBOX_IMAGE.test(path);
}

export function sandboxAvatarUrl(fbId: string): string {
  return `${SANDBOX_IMAGE_PATH}/avatar/${fbId}.svg`;
}

export function sandboxPictureUrl(fbPostId: string): string {
  return `${SANDBOX_IMAGE_PATH}/picture/${fbPostId}.svg`;
}

const PALETTE = ['#4f46e5', '#0891b2', '#059669', '#d97706', '#dc2626', '#7c3aed', '#db2777', '#2563eb', '#65a30d', '#ea580c'];

function colourOf(key: string, shift = 0): string {
  return PALETTE[(hashString(key) + shift) % PALETTE.length]!;
}

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [name[0] ?? '?'];
  return letters.join('').toUpperCase();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A round avatar with the initials of a person or a group. */
export function renderSandboxAvatarSvg(fbId: string, name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="${colourOf(fbId)}"/><text x="48" y="60" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${escapeXml(initialsOf(name))}</text></svg>`;
}

/** A landscape-like picture for a post: two hills under a sun, coloured by the post id. */
export function renderSandboxPictureSvg(fbPostId: string): string {
  const sky = colourOf(fbPostId);
  const hill = colourOf(fbPostId, 3);
  const sunX = 60 + (hashString(`${fbPostId}:sun`) % 280);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="240" viewBox="0 0 400 240"><rect width="400" height="240" fill="${sky}" opacity="0.35"/><circle cx="${sunX}" cy="70" r="28" fill="#fde68a"/><path d="M0 200 Q100 120 200 190 T400 170 V240 H0Z" fill="${hill}"/></svg>`;
}
