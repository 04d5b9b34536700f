import { intBetween, pick } from './random';
import { TOPICS, type TopicKey } from './topics';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const HOURS = ['9am', '10am', '11am', '2pm', '4pm', '6pm', '7pm', '8pm'];
const EXCLAMATIONS = ['So happy with how it turned out!', 'Not perfect, but getting there.', 'Still learning every day.', 'Worth every minute.', 'Lessons learned, for sure.'];
const REQUESTS = ['Any tips welcome!', 'What would you do?', 'Thanks in advance!', 'Curious what you all think.', 'Happy to share notes.'];

type Sentence = (random: () => number, topicKey: TopicKey) => string;

const SENTENCES: Sentence[] = [
  (r, t) => `Has anyone tried ${thing(r, t)}? I'm thinking about ${activity(r, t)} this ${pick(WEEKDAYS, r())}.`,
  (r, t) => `Just finished ${activity(r, t)} at ${place(r, t)}. ${pick(EXCLAMATIONS, r())}`,
  (r, t) => `Looking for recommendations on a ${thing(r, t)}, budget is around $${intBetween(2, 40, r()) * 10}.`,
  (r, t) => `Reminder: ${event(r, t)} is on ${pick(WEEKDAYS, r())} at ${pick(HOURS, r())}. See you at ${place(r, t)}!`,
  (r, t) => `Week ${intBetween(2, 30, r())} of ${activity(r, t)} and my ${thing(r, t)} is finally paying off.`,
  (r, t) => `What's your favourite ${thing(r, t)} for ${activity(r, t)}? ${pick(REQUESTS, r())}`,
  (r, t) => `Selling my ${thing(r, t)}, barely used. Pick-up near ${place(r, t)}.`,
  (r, t) => `Photos from ${event(r, t)} are up. Thank you to everyone who came!`,
  (r, t) => `Beginner question: how long did it take you to get comfortable with ${activity(r, t)}?`,
  (r, t) => `Big thanks to whoever recommended the ${thing(r, t)}. Total game changer.`,
];

/** A post of one to six sentences; about one in seven is long enough to be clamped in the UI. */
export function composePostText(random: () => number, topicKey: TopicKey): string {
  const long = random() < 0.15;
  const count = long ? intBetween(4, 6, random()) : intBetween(1, 3, random());
  const sentences: string[] = [];
  for (let i = 0; i < count; i += 1) sentences.push(pick(SENTENCES, random())(random, topicKey));
  return long ? sentences.join('\n\n') : sentences.join(' ');
}

function thing(random: () => number, topicKey: TopicKey): string {
  return pick(TOPICS[topicKey].things, random());
}
function activity(random: () => number, topicKey: TopicKey): string {
  return pick(TOPICS[topicKey].activities, random());
}
function event(random: () => number, topicKey: TopicKey): string {
  return pick(TOPICS[topicKey].events, random());
}
function place(random: () => number, topicKey: TopicKey): string {
  return pick(TOPICS[topicKey].places, random());
}
