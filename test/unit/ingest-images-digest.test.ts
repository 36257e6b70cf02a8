import { describe, expect, it } from "vitest";
import { imagesDigest } from "../../src/modules/ingest/images-digest.js";
import type { NormalisedImage } from "../../src/modules/ingest/normalised.types.js";

const LIVING_ROOM: NormalisedImage = {
  position: 0,
  url: "https://img.example.fr/annonce/1.jpg",
  perceptualHash: "c3d4a1b2e5f60718",
  differenceHash: "0f0f0f0f0f0f0f0f",
  averageHash: null,
};
const KITCHEN: NormalisedImage = {
  position: 1,
  url: "https://img.example.fr/annonce/2.jpg?w=800",
  perceptualHash: null,
  differenceHash: null,
  averageHash: "ffff0000ffff0000",
};

describe("images digest", () => {
  it("is the digest stored classifieds already carry (a different one would rewrite every image list once)", () => {
    expect(imagesDigest([LIVING_ROOM, KITCHEN])).toBe("OyNCs9NBYCxMpYoMxM1qBV");
    expect(imagesDigest([])).toBe("T1PNoYwrqgwDVLtfmj7L5e");
  });

  it("does not depend on the key order of an image", () => {
    const reordered = Object.fromEntries(Object.entries(LIVING_ROOM).reverse()) as NormalisedImage;
    expect(imagesDigest([reordered, KITCHEN])).toBe(imagesDigest([LIVING_ROOM, KITCHEN]));
  });

  it.each<[string, NormalisedImage[]]>([
    ["another order", [KITCHEN, LIVING_ROOM]],
    ["one image fewer", [LIVING_ROOM]],
    ["another url", [{ ...LIVING_ROOM, url: `${LIVING_ROOM.url}?v=2` }, KITCHEN]],
    ["another position", [{ ...LIVING_ROOM, position: 3 }, KITCHEN]],
    ["a hash gone", [{ ...LIVING_ROOM, differenceHash: null }, KITCHEN]],
    ["a hash changed", [{ ...LIVING_ROOM, perceptualHash: "c3d4a1b2e5f60719" }, KITCHEN]],
    ["a hash moved to another kind", [{ ...LIVING_ROOM, differenceHash: null, averageHash: "0f0f0f0f0f0f0f0f" }, KITCHEN]],
  ])("changes with %s", (_, images) => {
    expect(imagesDigest(images)).not.toBe(imagesDigest([LIVING_ROOM, KITCHEN]));
  });
});
