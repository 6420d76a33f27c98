/**
 * The stage-performance scripts of the MineLand paper (Table 5, Appendix N): the cast, the setting
 * and the ground-truth behaviour sequence SEQ* the LCS scores compare against. "Cook food",
 * "Exchange items" and "Make friends" are the paper's SEQ* as printed; "Romeo and Juliet, Act I
 * Scene I" (13 characters) is an abridgement of Shakespeare's scene in the same form.
 */
import type { StageLine } from '../../spec.js';

export interface StageScript {
  name: string;
  title: string;
  /** The script as the agents are told it. */
  script: string;
  /** Cast: agent name -> starting inventory. */
  cast: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** Mobs present on stage. */
  mobs: readonly string[];
  /** Cast members who start hungry (the script has them eat, which a full food bar does not allow). */
  hungry?: readonly string[];
  seq: readonly StageLine[];
}

const chat = (actor: string, text: string): StageLine => ({ actor, action: 'chat', text });

export const STAGE_SCRIPTS: readonly StageScript[] = [
  {
    name: 'cook-food',
    title: 'Cook food',
    script: 'Bob is hungry, and now there is a pig in the presence of him; he wants to kill the pig, get the porkchop, cook and eat it.',
    cast: { Bob: { furnace: 1, coal: 2 } },
    mobs: ['pig'],
    hungry: ['Bob'],
    seq: [
      { actor: 'pig', action: 'died' },
      { actor: 'Bob', action: 'get', object: 'porkchop' },
      { actor: 'Bob', action: 'get', object: 'cooked_porkchop' },
      { actor: 'Bob', action: 'eat', object: 'cooked_porkchop' },
    ],
  },
  {
    name: 'exchange-items',
    title: 'Exchange items',
    script: "Bob has shears, and Alice has an iron sword. Bob says, 'I want to exchange my shears for your iron sword.' Alice agrees. Bob gives Alice the shears first, and then Alice gives the iron sword to Bob.",
    cast: { Bob: { shears: 1 }, Alice: { iron_sword: 1 } },
    mobs: [],
    seq: [
      chat('Bob', 'I want to exchange my shears for your iron sword'),
      chat('Alice', 'I agree'),
      { actor: 'Alice', action: 'get', object: 'shears' },
      { actor: 'Bob', action: 'get', object: 'iron_sword' },
    ],
  },
  {
    name: 'make-friends',
    title: 'Make friends',
    script: "There are three agents: Bob, Alice, and Jack. They want to make friends. Bob says, 'Hello.' Alice responds, 'Hello.' Jack says, 'It's good weather; let's make friends!' Bob agrees, and Alice says, 'Nice.'",
    cast: { Bob: {}, Alice: {}, Jack: {} },
    mobs: [],
    seq: [chat('Bob', 'Hello'), chat('Alice', 'Hello'), chat('Jack', "It's good weather, let's make friends!"), chat('Bob', 'I agree'), chat('Alice', 'Nice')],
  },
  {
    name: 'romeo-and-juliet-act1-scene1',
    title: 'Romeo and Juliet, Act I Scene I',
    script:
      'Verona, a public place. Servants of the Capulets (Sampson, Gregory) and of the Montagues (Abram, Balthasar) quarrel and fight; Benvolio tries to part them, ' +
      'Tybalt attacks him, citizens join in, the old Capulet and Montague and their wives arrive, and Prince Escalus stops the brawl. Then Benvolio and Lady Montague speak of Romeo, who enters sad.',
    cast: {
      Sampson: { iron_sword: 1 },
      Gregory: { iron_sword: 1 },
      Abram: { iron_sword: 1 },
      Balthasar: { iron_sword: 1 },
      Benvolio: { iron_sword: 1 },
      Tybalt: { iron_sword: 1 },
      Citizen: {},
      Capulet: {},
      LadyCapulet: {},
      Montague: {},
      LadyMontague: {},
      Escalus: {},
      Romeo: {},
    },
    mobs: [],
    seq: [
      chat('Sampson', "Gregory, on my word, we'll not carry coals."),
      chat('Gregory', 'No, for then we should be colliers.'),
      chat('Abram', 'Do you bite your thumb at us, sir?'),
      chat('Sampson', 'I do bite my thumb, sir.'),
      chat('Abram', 'Quarrel, sir? No, sir.'),
      chat('Balthasar', 'Draw, and fight!'),
      chat('Benvolio', 'Part, fools! Put up your swords; you know not what you do.'),
      chat('Tybalt', 'Turn thee, Benvolio, look upon thy death.'),
      chat('Citizen', 'Down with the Capulets! Down with the Montagues!'),
      chat('Capulet', 'What noise is this? Give me my long sword, ho!'),
      chat('LadyCapulet', 'A crutch, a crutch! Why call you for a sword?'),
      chat('Montague', 'Thou villain Capulet! Hold me not, let me go.'),
      chat('LadyMontague', 'Thou shalt not stir a foot to seek a foe.'),
      chat('Escalus', 'Rebellious subjects, enemies to peace, throw your weapons to the ground!'),
      chat('Montague', 'Who set this ancient quarrel new abroach?'),
      chat('Benvolio', 'Here were the servants of your adversary and yours, close fighting ere I did approach.'),
      chat('LadyMontague', 'O, where is Romeo? Saw you him today?'),
      chat('Romeo', 'Is the day so young?'),
      chat('Benvolio', 'But new struck nine.'),
      chat('Romeo', 'Ay me! Sad hours seem long.'),
    ],
  },
];
