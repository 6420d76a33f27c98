const logs = await findBlocks({ block: 'oak_log', count: 5 });
const r = await mineBlocks({ positions: logs.positions });
if (!r.ok) say('stuck: ' + r.reason);
return r.mined;
