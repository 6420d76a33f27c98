/**
 * Items a crafting ingredient leaves in the grid after crafting (vanilla Item.craftingRemainingItem):
 * the milk buckets of a cake come back as buckets, honey bottles as glass bottles. minecraft-data's
 * Java recipes carry no `outShape` for these.
 *
 * Source: vanilla net.minecraft.world.item.Items (craftRemainder on the bucket and bottle items) and
 * Minecraft Wiki, "Crafting" (ingredients that leave a container behind).
 */
export const CRAFTING_REMAINDERS: Readonly<Record<string, string>> = {
  milk_bucket: 'bucket',
  water_bucket: 'bucket',
  lava_bucket: 'bucket',
  powder_snow_bucket: 'bucket',
  honey_bottle: 'glass_bottle',
  dragon_breath: 'glass_bottle',
};
