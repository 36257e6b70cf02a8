import { describe, expect, it } from "vitest";
import { canonicalUrlKey, sourceDomainOf } from "../../src/domain/url-key.js";

describe("canonicalUrlKey", () => {
  it.each([
    // [input, expected key]
    ["https://WWW.SeLoger.com/annonces/2491.htm?utm_source=x&b=2&a=1#photos", "seloger.com/annonces/2491.htm?a=1&b=2"],
    ["http://www.seloger.com/annonces/2491.htm?a=1&b=2", "seloger.com/annonces/2491.htm?a=1&b=2"],
    ["www.seloger.com/annonces/2491.htm?b=2&a=1", "seloger.com/annonces/2491.htm?a=1&b=2"],
    ["seloger.com/annonces/2491.htm", "seloger.com/annonces/2491.htm"],
    ["//www.seloger.com/annonces/2491.htm", "seloger.com/annonces/2491.htm"],
    ["  \thttps://www.leboncoin.fr/ventes_immobilieres/2491.htm \n", "leboncoin.fr/ventes_immobilieres/2491.htm"],
    ["<https://www.leboncoin.fr/ad/ventes_immobilieres/2491>", "leboncoin.fr/ad/ventes_immobilieres/2491"],
    ['"https://www.bienici.com/annonce/vente/paris-11e/appartement/3pieces/ag-123"', "bienici.com/annonce/vente/paris-11e/appartement/3pieces/ag-123"],
    ["HTTPS://WWW.BIENICI.COM/annonce/Vente/ABC", "bienici.com/annonce/Vente/ABC"],
    ["https://www.seloger.com:443/annonces/2491.htm", "seloger.com/annonces/2491.htm"],
    ["http://www.seloger.com:80/annonces/2491.htm", "seloger.com/annonces/2491.htm"],
    ["http://www.seloger.com:443/annonces/2491.htm", "seloger.com/annonces/2491.htm"],
    ["www.seloger.com:443/annonces/2491.htm", "seloger.com/annonces/2491.htm"],
    ["https://www.seloger.com:8443/annonces/2491.htm", "seloger.com:8443/annonces/2491.htm"],
    ["https://www.pap.fr/annonces/appartement-paris-11e-r123/", "pap.fr/annonces/appartement-paris-11e-r123"],
    ["https://www.pap.fr/annonces/appartement-paris-11e-r123///?utm_medium=email", "pap.fr/annonces/appartement-paris-11e-r123"],
    ["https://www.pap.fr/", "pap.fr/"],
    ["https://www.pap.fr", "pap.fr/"],
    ["https://www.pap.fr?", "pap.fr/"],
    ["https://www.pap.fr/#", "pap.fr/"],
    ["https://www.pap.fr/annonces/../annonce/r1", "pap.fr/annonce/r1"],
    ["https://www.pap.fr/annonce/./r1", "pap.fr/annonce/r1"],
    ["https://www.logic-immo.com/detail-vente-%7e1a2b.htm", "logic-immo.com/detail-vente-~1a2b.htm"],
    ["https://www.logic-immo.com/detail-vente-%41%2d1.htm", "logic-immo.com/detail-vente-A-1.htm"],
    ["https://www.logic-immo.com/recherche/%c3%a9t%c3%a9", "logic-immo.com/recherche/%C3%A9t%C3%A9"],
    ["https://www.logic-immo.com/recherche/été", "logic-immo.com/recherche/%C3%A9t%C3%A9"],
    ["https://www.logic-immo.com/a%2fb", "logic-immo.com/a%2Fb"],
    ["https://www.seloger.com/list.htm?idtypebien=1&fbclid=IwAR0xyz&gclid=abc&ci=750111", "seloger.com/list.htm?ci=750111&idtypebien=1"],
    ["https://www.seloger.com/a.htm?UTM_Source=nl&Utm_Campaign=x&id=3", "seloger.com/a.htm?id=3"],
    ["https://www.seloger.com/a.htm?mc_cid=1&mc_eid=2&msclkid=3&dclid=4&gclsrc=aw.ds&_ga=2.1&yclid=5&igshid=6&xtor=AL-1&id=9", "seloger.com/a.htm?id=9"],
    ["https://www.seloger.com/a.htm?%75tm_source=encoded&id=9", "seloger.com/a.htm?id=9"],
    ["https://www.acheter-louer.fr/annonce.php?ref=AB123&utm_source=x", "acheter-louer.fr/annonce.php?ref=AB123"],
    ["https://www.seloger.com/a.htm?b=2&a=2&a=1", "seloger.com/a.htm?a=1&a=2&b=2"],
    ["https://www.seloger.com/a.htm?a=1&&b=&c", "seloger.com/a.htm?a=1&b=&c"],
    ["https://www.seloger.com/a.htm?q=%7e%2fparis", "seloger.com/a.htm?q=~%2Fparis"],
    ["https://www.seloger.com/a.htm?q=paris 11", "seloger.com/a.htm?q=paris%2011"],
    ["https://user:secret@www.seloger.com/a.htm", "seloger.com/a.htm"],
    ["https://immobilier.lefigaro.fr/annonces/annonce-123.html", "immobilier.lefigaro.fr/annonces/annonce-123.html"],
    ["https://www.seloger.com./annonces/1.htm", "seloger.com/annonces/1.htm"],
    ["https://www.immobilier-études.fr/a", "xn--immobilier-tudes-lqb.fr/a"],
    ["https://www.com/a", "www.com/a"],
    ["https:www.seloger.com/a.htm", "seloger.com/a.htm"],
  ])("%s -> %s", (input, expected) => {
    expect(canonicalUrlKey(input)).toBe(expected);
  });

  it.each([
    [""],
    ["   "],
    ["ftp://www.seloger.com/annonces/2491.htm"],
    ["mailto:agence@example.fr"],
    ["javascript:alert(1)"],
    ["data:text/html,hello"],
    ["file:///etc/passwd"],
    ["https://"],
    ["http://localhost:3000/annonce/1"],
    ["localhost/annonce/1"],
    ["http://192.168.1.10/annonce/1"],
    ["http://[::1]/annonce/1"],
    ["https://intranet/annonce/1"],
    ["https://exemple.invalidtld/annonce"],
    ["not a url at all"],
    ["annonce 2491"],
    ["https://www.sel oger.com/x"],
  ])("rejects %j", (input) => {
    expect(canonicalUrlKey(input)).toBeNull();
  });

  it("gives the same key to every spelling of one listing", () => {
    const spellings = [
      "https://www.seloger.com/annonces/achat/appartement/paris-11eme-75/2491.htm?projects=2&types=1",
      "http://seloger.com/annonces/achat/appartement/paris-11eme-75/2491.htm/?types=1&projects=2#top",
      "seloger.com/annonces/achat/appartement/paris-11eme-75/2491.htm?types=1&utm_campaign=alerte&projects=2",
      "WWW.SELOGER.COM/annonces/achat/appartement/paris-11eme-75/2491.htm?types=%31&projects=2",
    ];
    expect(new Set(spellings.map(canonicalUrlKey)).size).toBe(1);
  });

  it("keeps listings that differ in path case, port or a selecting parameter apart", () => {
    const keys = [
      "https://www.pap.fr/annonce/R1",
      "https://www.pap.fr/annonce/r1",
      "https://www.pap.fr:8080/annonce/r1",
      "https://www.pap.fr/annonce/r1?ref=2",
      "https://m.pap.fr/annonce/r1",
    ].map(canonicalUrlKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("sourceDomainOf", () => {
  it.each([
    ["https://www.seloger.com/annonces/2491.htm", "seloger.com"],
    ["seloger.com/annonces/2491.htm", "seloger.com"],
    ["https://WWW.LeBonCoin.FR/ad/1", "leboncoin.fr"],
    ["https://m.leboncoin.fr/ad/1", "leboncoin.fr"],
    ["https://immobilier.lefigaro.fr/annonces/1.html", "lefigaro.fr"],
    ["https://www.agence-dupont.co.uk/listing/1", "agence-dupont.co.uk"],
    ["https://www.immobilier-études.fr/a", "xn--immobilier-tudes-lqb.fr"],
    ["http://www.bienici.com:8080/a", "bienici.com"],
    ["ftp://www.seloger.com/", null],
    ["http://10.0.0.1/a", null],
    ["nothing", null],
  ])("%s -> %s", (input, expected) => {
    expect(sourceDomainOf(input)).toBe(expected);
  });
});
