import { describe, expect, it } from "vitest";
import { normaliseEmail } from "../../src/domain/email.js";

describe("normaliseEmail", () => {
  it.each([
    // [raw, expected]
    ["contact@agence-dupont.fr", "contact@agence-dupont.fr"],
    ["  Contact@Agence-Dupont.FR \n", "contact@agence-dupont.fr"],
    ["mailto:contact@agence-dupont.fr", "contact@agence-dupont.fr"],
    ["MAILTO:Contact@agence-dupont.fr", "contact@agence-dupont.fr"],
    ["mailto:contact@agence-dupont.fr?subject=Annonce%20123", "contact@agence-dupont.fr"],
    ["Agence Dupont <contact@agence-dupont.fr>", "contact@agence-dupont.fr"],
    ['"Dupont, Jean" <Jean.Dupont@orange.fr>', "jean.dupont@orange.fr"],
    ["<jean.dupont@orange.fr>", "jean.dupont@orange.fr"],
    ["jean.dupont+immo@gmail.com", "jean.dupont+immo@gmail.com"],
    ["jean_dupont-75@wanadoo.fr.", "jean_dupont-75@wanadoo.fr"],
    ["contact@agence.fr;", "contact@agence.fr"],
    ["(contact@agence.fr)", "contact@agence.fr"],
    ["contact [at] agence-dupont.fr", "contact@agence-dupont.fr"],
    ["contact(at)agence-dupont(dot)fr", "contact@agence-dupont.fr"],
    ["contact [arobase] agence-dupont [point] fr", "contact@agence-dupont.fr"],
    ["contact@agence-étoile.fr", "contact@xn--agence-toile-heb.fr"],
    ["negociateur@immo.co.uk", "negociateur@immo.co.uk"],
  ])("%j -> %s", (raw, expected) => {
    expect(normaliseEmail(raw)).toBe(expected);
  });

  it.each([
    [""],
    ["   "],
    ["mailto:"],
    ["non communiqué"],
    ["contact"],
    ["contact@"],
    ["@agence.fr"],
    ["contact@agence"],
    ["contact@localhost"],
    ["contact@@agence.fr"],
    ["con tact@agence.fr"],
    ["jean..dupont@agence.fr"],
    ["contact@-agence.fr"],
    ["contact@agence.f"],
    ["01 44 55 66 77"],
    ["https://www.agence-dupont.fr/contact"],
    [`${"a".repeat(250)}@agence.fr`],
  ])("rejects %j", (raw) => {
    expect(normaliseEmail(raw)).toBeNull();
  });
});
