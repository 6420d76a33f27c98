await mineBlocks([{ x: 1, y: 2, z: 3 }]);
const r = await craft('wooden_pickaxe', 1);
say('done ' + r.ok);
