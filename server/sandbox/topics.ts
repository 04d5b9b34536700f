/** Vocabulary a group's posts are composed from. */
export interface Topic {
  things: readonly string[];
  activities: readonly string[];
  events: readonly string[];
  places: readonly string[];
}

export const TOPICS = {
  beekeeping: {
    things: ['top-bar hive', 'smoker', 'queen excluder', 'hive tool', 'bee suit', 'honey extractor', 'frame of brood', 'pollen patty'],
    activities: ['splitting a hive', 'harvesting honey', 'treating for mites', 'catching a swarm', 'checking for the queen', 'feeding sugar syrup'],
    events: ['the spring hive inspection walk', 'our honey tasting', 'the beginner beekeeping class', 'the swarm-catching workshop'],
    places: ['the community apiary', 'the orchard', 'my backyard', 'the allotment'],
  },
  filmCameras: {
    things: ['Pentax K1000', 'Canon AE-1', 'roll of Portra 400', 'light meter', 'Olympus XA', 'Nikon FM2', 'box of HP5', 'changing bag'],
    activities: ['developing at home', 'scanning negatives', 'shooting expired film', 'fixing light seals', 'pushing Tri-X two stops', 'testing an old lens'],
    events: ['the photo walk', 'the darkroom open night', 'our swap meet', 'the zine launch'],
    places: ['the flea market', 'the old harbour', 'downtown', 'the botanical garden'],
  },
  running: {
    things: ['trail shoes', 'hydration vest', 'headlamp', 'pair of poles', 'GPS watch', 'gel flask', 'rain shell', 'foam roller'],
    activities: ['hill repeats', 'a long run in the mud', 'night running', 'tapering for an ultra', 'a recovery jog', 'speed work on the track'],
    events: ['the Sunday long run', 'the 50K race', 'the trail clean-up', 'the beginners meetup'],
    places: ['the ridge trail', 'the forest loop', 'the coastal path', 'the canyon'],
  },
  baking: {
    things: ['starter', 'banneton', 'Dutch oven', 'bench scraper', 'bag of rye flour', 'lame', 'proofing box', 'kitchen scale'],
    activities: ['a cold overnight proof', 'feeding my starter', 'shaping a batard', 'baking with whole wheat', 'scoring a wheat stalk', 'a high hydration loaf'],
    events: ['the starter swap', 'the bake-along', 'the bread fair', 'the Q&A with a baker'],
    places: ['the farmers market', 'my tiny kitchen', 'the community oven', 'the mill shop'],
  },
  sketching: {
    things: ['fountain pen', 'travel watercolour set', 'sketchbook', 'water brush', 'fineliner', 'folding stool', 'gouache set', 'toned paper'],
    activities: ['urban sketching in the rain', 'drawing people in cafes', 'a ten-minute sketch', 'practising perspective', 'painting skies', 'inking street corners'],
    events: ['the Saturday sketchwalk', 'the exhibition', 'the perspective workshop', 'the group sketch crawl'],
    places: ['the old market', 'the train station', 'the riverside', 'the cathedral square'],
  },
  plants: {
    things: ['monstera cutting', 'pothos', 'grow light', 'bag of perlite', 'fiddle leaf fig', 'calathea', 'terracotta pot', 'moisture meter'],
    activities: ['propagating in water', 'repotting', 'saving a root-rot rescue', 'fighting fungus gnats', 'making my own soil mix', 'chop and prop'],
    events: ['the plant swap', 'the cuttings giveaway', 'the repotting party', 'the greenhouse tour'],
    places: ['the garden centre', 'my windowsill', 'the library lobby', 'the community greenhouse'],
  },
  woodworking: {
    things: ['hand plane', 'dovetail saw', 'set of chisels', 'workbench', 'table saw sled', 'bottle of finishing oil', 'marking gauge', 'router'],
    activities: ['cutting dovetails', 'sharpening chisels', 'flattening a workbench', 'building a cutting board', 'turning a bowl', 'restoring an old plane'],
    events: ['the shop open day', 'the joinery class', 'the tool swap', 'the show-and-tell night'],
    places: ['the makerspace', 'my garage', 'the lumber yard', 'the craft fair'],
  },
  coffee: {
    things: ['grinder', 'espresso machine', 'bag of Ethiopian beans', 'tamper', 'milk pitcher', 'bottomless portafilter', 'scale', 'pour-over cone'],
    activities: ['dialling in a new bag', 'practising latte art', 'descaling the machine', 'roasting at home', 'a lighter roast', 'single dosing'],
    events: ['the cupping session', 'the latte art throwdown', 'the roastery visit', 'the home barista meetup'],
    places: ['the roastery', 'my kitchen counter', 'the corner cafe', 'the coffee festival'],
  },
  books: {
    things: ['novel', 'short story collection', 'memoir', 'poetry book', 'audiobook', 'paperback', 'library copy', 'reading light'],
    activities: ['reading before bed', 'annotating margins', 'a reading challenge', 'rereading a classic', 'listening on my commute', 'finishing a long series'],
    events: ['our monthly meeting', 'the author reading', 'the book swap', 'the summer reading picnic'],
    places: ['the library', 'the cafe on Maple Street', 'the park', 'the bookshop'],
  },
  gameDev: {
    things: ['game jam entry', 'pixel art tileset', 'shader', 'level editor', 'soundtrack', 'playtest build', 'devlog', 'dialogue system'],
    activities: ['refactoring the save system', 'tuning the jump', 'optimising draw calls', 'writing a devlog', 'playtesting with friends', 'porting to consoles'],
    events: ['the game jam', 'the playtest night', 'the demo day', 'the postmortem session'],
    places: ['the co-working space', 'the indie showcase', 'my desk', 'the convention hall'],
  },
  astronomy: {
    things: ['Dobsonian', 'star chart', 'red flashlight', 'pair of binoculars', 'tracking mount', 'solar filter', 'eyepiece kit', 'camera adapter'],
    activities: ['observing Jupiter', 'imaging the Orion Nebula', 'collimating the mirror', 'hunting meteors', 'sketching the Moon', 'polar aligning'],
    events: ['the star party', 'the meteor shower night', 'the eclipse viewing', 'the observatory open house'],
    places: ['the dark sky park', 'the hilltop', 'my balcony', 'the observatory'],
  },
} satisfies Record<string, Topic>;

export type TopicKey = keyof typeof TOPICS;
