// Seeded generator of messy address books with ground truth. All people are invented.
// Brands/companies used as junk senders are organisations (real or invented), never people.

export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = {
    f: next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    chance: (p) => next() < p,
    wpick: (pairs) => {
      // pairs: [[weight, value], ...]
      let tot = 0;
      for (const [w] of pairs) tot += w;
      let x = next() * tot;
      for (const [w, v] of pairs) if ((x -= w) < 0) return v;
      return pairs[pairs.length - 1][1];
    },
    pareto: (min, alpha, max) => Math.min(max, Math.floor(min / Math.pow(1 - next(), 1 / alpha))),
  };
  return r;
}

// ---------------------------------------------------------------------------------------------------
// Countries: names (with nicknames), webmail, phones.
// name entry: "Given|nick1,nick2"
const C = {
  US: {
    cc: '1',
    given:
      'James|Jim,Jimmy Mary Robert|Bob,Rob Jennifer|Jen,Jenny Michael|Mike Elizabeth|Liz,Beth William|Bill,Will Katherine|Kate,Katie David|Dave Susan|Sue Richard|Rick Margaret|Maggie,Peggy Joseph|Joe Patricia|Pat,Trish Thomas|Tom Christopher|Chris Jessica|Jess Daniel|Dan Samantha|Sam Matthew|Matt Olivia Andrew|Andy Emily Nicholas|Nick Rebecca|Becky Anthony|Tony Alexandra|Alex Benjamin|Ben Victoria|Vicky Jonathan|Jon Tyrone Keisha DeShawn Ashley Brittany Kevin',
    family:
      "Smith Johnson Williams Brown Jones Miller Davis Wilson Anderson Taylor Moore Martin Thompson White Harris Clark Lewis Robinson Walker Young Allen King Wright Scott Hill Green Adams Baker Nelson O'Brien McDonald Murphy Washington Nguyen Kim Rodriguez",
    webmail: 'gmail.com:5 yahoo.com:2 hotmail.com:1 outlook.com:1 icloud.com:1 aol.com:1 comcast.net:1',
    tld: 'com',
  },
  GB: {
    cc: '44',
    given:
      'Oliver|Ollie Amelia|Millie Harry|Haz George Isla Jack Emily|Em Charlotte|Lottie,Charlie Thomas|Tom Sophie|Soph Edward|Ed,Ted Eleanor|Ellie,Nell Alistair|Ali Fiona|Fi Callum Siobhan Rhys Bethan|Beth Priya Mohammed|Mo',
    family:
      'Smith Jones Taylor Brown Williams Wilson Evans Thomas Roberts Johnson Walker Wright Robinson Thompson Hughes Patel Khan Murphy MacLeod Campbell Davies Ellis',
    webmail: 'gmail.com:5 btinternet.com:1 hotmail.co.uk:2 yahoo.co.uk:1 outlook.com:1 sky.com:1 icloud.com:1',
    tld: 'co.uk',
  },
  DE: {
    cc: '49',
    given:
      'Jürgen Jörg Björn Günter Sören Matthias|Matze Johannes|Hannes Alexander|Alex Katharina|Kathi Elisabeth|Lisa,Liesel Stefanie|Steffi Christian|Chris Andreas|Andi Wolfgang|Wolfi Susanne|Susi Thomas|Tom Michael|Micha Franziska|Franzi Maximilian|Max Sebastian|Basti Ursula|Uschi Anna Lena Jonas Felix Käthe Hans',
    family:
      'Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hartmann Lange Weiß Groß Köhler Öztürk Yılmaz',
    webmail: 'gmail.com:4 web.de:3 gmx.de:3 gmx.net:1 t-online.de:2 posteo.de:1 outlook.de:1',
    tld: 'de',
  },
  FR: {
    cc: '33',
    given:
      'François|Franck Hélène Frédéric|Fred Stéphane|Steph Céline Amélie Jérôme Benoît Geneviève|Ginette Élodie Mathieu|Mat Nicolas|Nico Christophe|Chris Isabelle|Isa Jean-Pierre|JP Marie-Claire Thérèse Aurélie Sébastien|Seb Camille Léa Zoé Mehdi Fatima',
    family:
      'Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent Lefèvre Michel Fontaine Chevalier Rousseau Girard Bonnet Dupont Lambert Faure André Mercier Blanc Guérin Benali',
    webmail: 'gmail.com:4 orange.fr:3 free.fr:2 laposte.net:1 hotmail.fr:2 sfr.fr:1 wanadoo.fr:1',
    tld: 'fr',
  },
  ES: {
    cc: '34',
    given:
      'José|Pepe Francisco|Paco María José|Majo Jesús|Chus Alejandro|Álex Fernando|Nando Ramón Begoña|Bego Íñigo Concepción|Concha Dolores|Lola Ignacio|Nacho Enrique|Quique Manuel|Manolo,Manu Rafael|Rafa Sofía Lucía Andrés Montserrat|Montse',
    family:
      'García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz Hernández Díaz Moreno Muñoz Álvarez Romero Gutiérrez Navarro Torres Domínguez Vázquez Castillo Ortega',
    webmail: 'gmail.com:5 hotmail.es:2 yahoo.es:1 telefonica.net:1 outlook.es:1',
    tld: 'es',
    twoSurnames: true,
  },
  MX: {
    cc: '52',
    given:
      'José|Pepe Francisco|Paco,Pancho Guadalupe|Lupe Jesús|Chuy Alejandro|Ale Fernando|Nando Ximena Ignacio|Nacho Enrique|Kike Manuel|Manolo Rafael|Rafa Sofía Lucía Andrés Regina Santiago|Santi Valentina|Vale Mariana',
    family:
      'Hernández García Martínez López González Pérez Rodríguez Sánchez Ramírez Cruz Flores Gómez Morales Vázquez Reyes Jiménez Torres Díaz Gutiérrez Ruiz Mendoza Aguilar Ortiz Castillo',
    webmail: 'gmail.com:5 hotmail.com:3 yahoo.com.mx:1 outlook.com:1 prodigy.net.mx:1',
    tld: 'com.mx',
    twoSurnames: true,
  },
  BR: {
    cc: '55',
    given:
      'João José Antônio|Toninho Francisco|Chico Luís Paulo Carlos|Cacá Marcos Gabriel|Gabi Rafael|Rafa Ana Maria Fernanda|Nanda Juliana|Ju Patrícia|Paty Aline Camila|Cami Letícia Beatriz|Bia Luíza|Lu Thiago Gonçalo',
    family:
      'Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Araújo Melo Barbosa Rocha Conceição Gonçalves',
    webmail: 'gmail.com:5 hotmail.com:2 uol.com.br:1 bol.com.br:1 yahoo.com.br:1 terra.com.br:1',
    tld: 'com.br',
  },
  IT: {
    cc: '39',
    given:
      'Giuseppe|Beppe,Peppe Giovanni|Gianni Francesco|Cesco Alessandro|Ale Antonio|Toni Roberto Maria Chiara Francesca|Fra Alessandra Federica|Fede Niccolò|Nicco Lucia Giulia Matteo Lorenzo|Lollo',
    family: 'Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo Conti De Luca Mancini Costa Giordano Rizzo Lombardi Moretti',
    webmail: 'gmail.com:4 libero.it:3 virgilio.it:1 alice.it:1 tiscali.it:1 hotmail.it:1',
    tld: 'it',
  },
  NL: {
    cc: '31',
    given: 'Jan Pieter Sanne Anouk Daan Bram Lotte Femke Joost Maarten Willem|Wim Johannes|Hans,Joop Cornelis|Kees Geertruida|Truus Hendrik|Henk',
    family:
      'de Jong|Jansen|de Vries|van den Berg|van Dijk|Bakker|Janssen|Visser|Smit|Meijer|de Boer|Mulder|de Groot|Bos|Vos|Peters|Hendriks|van Leeuwen|Dekker',
    familySep: '|',
    webmail: 'gmail.com:4 ziggo.nl:2 kpnmail.nl:1 hotmail.nl:1 live.nl:1 xs4all.nl:1',
    tld: 'nl',
  },
  IN: {
    cc: '91',
    given:
      'Rahul Priya Amit Sneha Vikram|Vicky Anjali Arjun Deepika|Deepu Suresh Lakshmi Venkatesh|Venky Aishwarya|Ash Karthik Pooja Sanjay Neha Rohan Kavya Srinivas|Srini Subramanian|Subbu Rajesh|Raju',
    family: 'Sharma Patel Kumar Singh Gupta Reddy Iyer Nair Rao Das Mehta Joshi Menon Chatterjee Banerjee Pillai Krishnan Agarwal Khan Verma',
    webmail: 'gmail.com:7 yahoo.co.in:1 rediffmail.com:1 hotmail.com:1',
    tld: 'in',
  },
  JP: {
    cc: '81',
    given: 'Hiroshi Yuki Takeshi Aiko Kenji Naoko Haruto Sakura Yui Daisuke',
    family: 'Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi Kato',
    webmail: 'gmail.com:4 yahoo.co.jp:2 docomo.ne.jp:1 icloud.com:1',
    tld: 'co.jp',
    familyFirst: true,
  },
  NG: {
    cc: '234',
    given: 'Chinedu|Chi Ngozi Oluwaseun|Seun Adebayo|Bayo Funmilayo|Funmi Emeka Chiamaka|Amaka Olumide|Mide Babatunde|Tunde Temitope|Tope',
    family: 'Okafor Adeyemi Okonkwo Eze Balogun Nwosu Ogunleye Ibrahim Bello Obi',
    webmail: 'gmail.com:6 yahoo.com:3',
    tld: 'com.ng',
  },
  AU: {
    cc: '61',
    given: 'Jack Charlotte|Charlie Liam Mia Noah Chloe Lachlan|Lachie Matilda|Tilly Cooper Ruby Harrison|Harry Sienna',
    family: 'Smith Jones Williams Brown Wilson Taylor Nguyen Johnson Martin White Anderson Walker Thompson Ryan Kelly',
    webmail: 'gmail.com:5 bigpond.com:2 hotmail.com:1 outlook.com:1 icloud.com:1',
    tld: 'com.au',
  },
};
for (const k of Object.keys(C)) {
  const c = C[k];
  c.givenList = c.given.split(' ').map((g) => {
    const [name, nicks] = g.split('|');
    return { name: name.replace(/_/g, ' '), nicks: nicks ? nicks.split(',') : [] };
  });
  // "María José" is written with a space in the table as two entries; fix the couple of compound names
  c.familyList = c.familySep ? c.family.split(c.familySep) : c.family.split(' ');
  c.webmailList = c.webmail.split(' ').map((s) => {
    const [d, w] = s.split(':');
    return [Number(w), d];
  });
}
// compound given names that the split broke: fix by merging known pairs
for (const k of ['ES']) {
  const l = C[k].givenList;
  const i = l.findIndex((g) => g.name === 'María');
  if (i >= 0 && l[i + 1]?.name === 'José') {
    l.splice(i, 2, { name: 'María José', nicks: l[i + 1].nicks });
  }
}
const COUNTRIES = Object.keys(C);

// ---------------------------------------------------------------------------------------------------
// Phones. Each returns {e164digits, formats: fn(r) -> display (national or international)}
function digits(r, n) {
  let s = '';
  for (let i = 0; i < n; i++) s += r.int(0, 9);
  return s;
}
const PHONE = {
  US: (r) => {
    const npa = r.pick(['415', '212', '312', '617', '206', '512', '303', '404', '718', '917', '646', '408', '213', '305']);
    const nxx = String(r.int(2, 9)) + digits(r, 2);
    const sub = digits(r, 4);
    const nat = npa + nxx + sub;
    return {
      e164: '1' + nat,
      nat: [`(${npa}) ${nxx}-${sub}`, `${npa}-${nxx}-${sub}`, `${npa}.${nxx}.${sub}`, `${nat}`, `1-${npa}-${nxx}-${sub}`, `(${npa})${nxx}-${sub}`],
      intl: [`+1 ${npa} ${nxx} ${sub}`, `+1 (${npa}) ${nxx}-${sub}`, `+1${nat}`, `001 ${npa} ${nxx} ${sub}`],
    };
  },
  GB: (r) => {
    const a = '7' + r.pick(['4', '5', '7', '8', '9']) + digits(r, 2);
    const b = digits(r, 6);
    return {
      e164: '44' + a + b,
      nat: [`0${a} ${b}`, `0${a}${b}`, `0${a} ${b.slice(0, 3)} ${b.slice(3)}`],
      intl: [`+44 ${a} ${b}`, `+44 (0)${a} ${b}`, `+44${a}${b}`, `0044 ${a} ${b}`],
    };
  },
  DE: (r) => {
    const p = r.pick(['151', '152', '157', '160', '170', '171', '172', '175', '176', '177', '178', '179']);
    const b = digits(r, p === '160' || p === '170' || p === '171' || p === '175' ? 7 : 8);
    r.chance(0.0); // a draw kept so that every seed makes the books it made when the probe ran
    return {
      e164: '49' + p + b,
      nat: [`0${p} ${b}`, `0${p}/${b}`, `0${p}-${b}`, `0${p} ${b.slice(0, 3)} ${b.slice(3)}`, `0${p}${b}`],
      intl: [`+49 ${p} ${b}`, `+49 (0)${p} ${b}`, `+49${p}${b}`, `0049 ${p} ${b}`, `+49-${p}-${b}`],
    };
  },
  FR: (r) => {
    const a = r.pick(['6', '7']);
    const b = digits(r, 8);
    const g = (s) => s.match(/../g).join(' ');
    return {
      e164: '33' + a + b,
      nat: [`0${a} ${g(b)}`, `0${a}${b}`, `0${a}.${b.match(/../g).join('.')}`],
      intl: [`+33 ${a} ${g(b)}`, `+33${a}${b}`, `0033 ${a} ${g(b)}`, `+33 (0)${a} ${g(b)}`],
    };
  },
  ES: (r) => {
    const b = r.pick(['6', '7']) + digits(r, 8);
    return {
      e164: '34' + b,
      nat: [`${b.slice(0, 3)} ${b.slice(3, 6)} ${b.slice(6)}`, b, `${b.slice(0, 3)} ${b.slice(3, 5)} ${b.slice(5, 7)} ${b.slice(7)}`],
      intl: [`+34 ${b.slice(0, 3)} ${b.slice(3, 6)} ${b.slice(6)}`, `+34${b}`, `0034 ${b}`],
    };
  },
  MX: (r) => {
    const area = r.pick(['55', '33', '81']);
    const b = digits(r, 8);
    return {
      e164: '52' + area + b,
      nat: [`${area} ${b.slice(0, 4)} ${b.slice(4)}`, `${area}${b}`, `(${area}) ${b.slice(0, 4)}-${b.slice(4)}`, `044 ${area} ${b.slice(0, 4)} ${b.slice(4)}`],
      intl: [`+52 ${area} ${b.slice(0, 4)} ${b.slice(4)}`, `+52 1 ${area} ${b.slice(0, 4)} ${b.slice(4)}`, `+521${area}${b}`, `+52${area}${b}`],
    };
  },
  BR: (r) => {
    const ddd = r.pick(['11', '21', '31', '41', '51', '61', '71', '81']);
    const b = '9' + String(r.int(6, 9)) + digits(r, 7);
    return {
      e164: '55' + ddd + b,
      nat: [`(${ddd}) ${b.slice(0, 5)}-${b.slice(5)}`, `${ddd} ${b.slice(0, 5)}-${b.slice(5)}`, `${ddd}${b}`, `0${ddd} ${b.slice(0, 5)} ${b.slice(5)}`],
      intl: [`+55 ${ddd} ${b.slice(0, 5)}-${b.slice(5)}`, `+55 (${ddd}) ${b.slice(0, 5)}-${b.slice(5)}`, `+55${ddd}${b}`],
    };
  },
  IT: (r) => {
    const b = '3' + r.pick(['2', '3', '4', '8', '9']) + digits(r, 8);
    return {
      e164: '39' + b,
      nat: [`${b.slice(0, 3)} ${b.slice(3)}`, `${b.slice(0, 3)} ${b.slice(3, 6)} ${b.slice(6)}`, b, `${b.slice(0, 3)}/${b.slice(3)}`],
      intl: [`+39 ${b.slice(0, 3)} ${b.slice(3)}`, `+39${b}`, `0039 ${b.slice(0, 3)} ${b.slice(3)}`],
    };
  },
  NL: (r) => {
    const b = digits(r, 8);
    return {
      e164: '316' + b,
      nat: [`06 ${b}`, `06-${b}`, `06${b}`, `06 ${b.slice(0, 2)} ${b.slice(2, 4)} ${b.slice(4, 6)} ${b.slice(6)}`],
      intl: [`+31 6 ${b}`, `+316${b}`, `0031 6 ${b}`, `+31 (0)6 ${b}`],
    };
  },
  IN: (r) => {
    const b = String(r.int(7, 9)) + digits(r, 9);
    return {
      e164: '91' + b,
      nat: [`${b.slice(0, 5)} ${b.slice(5)}`, b, `0${b}`, `0${b.slice(0, 5)} ${b.slice(5)}`],
      intl: [`+91 ${b.slice(0, 5)} ${b.slice(5)}`, `+91-${b}`, `+91${b}`, `0091 ${b}`],
    };
  },
  JP: (r) => {
    const p = r.pick(['90', '80', '70']);
    const b = digits(r, 8);
    return {
      e164: '81' + p + b,
      nat: [`0${p}-${b.slice(0, 4)}-${b.slice(4)}`, `0${p}${b}`, `0${p} ${b.slice(0, 4)} ${b.slice(4)}`],
      intl: [`+81 ${p} ${b.slice(0, 4)} ${b.slice(4)}`, `+81-${p}-${b.slice(0, 4)}-${b.slice(4)}`, `+81${p}${b}`],
    };
  },
  NG: (r) => {
    const p = r.pick(['803', '806', '813', '816', '703', '706', '805', '807', '802', '808']);
    const b = digits(r, 7);
    return {
      e164: '234' + p + b,
      nat: [`0${p} ${b.slice(0, 3)} ${b.slice(3)}`, `0${p}${b}`, `0${p}-${b.slice(0, 3)}-${b.slice(3)}`],
      intl: [`+234 ${p} ${b.slice(0, 3)} ${b.slice(3)}`, `+234${p}${b}`, `234${p}${b}`],
    };
  },
  AU: (r) => {
    const b = '4' + digits(r, 8);
    return {
      e164: '61' + b,
      nat: [`0${b.slice(0, 3)} ${b.slice(3, 6)} ${b.slice(6)}`, `0${b}`, `0${b.slice(0, 3)}-${b.slice(3, 6)}-${b.slice(6)}`],
      intl: [`+61 ${b.slice(0, 3)} ${b.slice(3, 6)} ${b.slice(6)}`, `+61${b}`, `+61 (0)${b}`],
    };
  },
};
// A landline (shared household number) for a few countries
const LANDLINE = {
  US: (r) => PHONE.US(r),
  GB: (r) => {
    const b = digits(r, 8);
    return { e164: '4420' + b, nat: [`020 ${b.slice(0, 4)} ${b.slice(4)}`, `020${b}`], intl: [`+44 20 ${b.slice(0, 4)} ${b.slice(4)}`] };
  },
  DE: (r) => {
    const b = '2' + digits(r, 6);
    return { e164: '4989' + b, nat: [`089 ${b}`, `089/${b}`, `(089) ${b}`], intl: [`+49 89 ${b}`] };
  },
  FR: (r) => {
    const b = digits(r, 8);
    const g = (s) => s.match(/../g).join(' ');
    return { e164: '331' + b, nat: [`01 ${g(b)}`, `01${b}`], intl: [`+33 1 ${g(b)}`] };
  },
  IT: (r) => {
    const b = digits(r, 8);
    return { e164: '3906' + b, nat: [`06 ${b}`, `06-${b}`], intl: [`+39 06 ${b}`] };
  },
};

// ---------------------------------------------------------------------------------------------------
const FOLD = (s) =>
  s
    .replace(/ß/g, 'ss')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
const GERMAN_FOLD = (s) =>
  s.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/Ä/g, 'Ae').replace(/Ö/g, 'Oe').replace(/Ü/g, 'Ue').replace(/ß/g, 'ss');
const slug = (s, german) =>
  FOLD(german ? GERMAN_FOLD(s) : s)
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '');

const COMPANY_WORDS = {
  en: 'Northwind Bluestone Harbor Pinecrest Redwood Summit Lakeside Copperfield Brightwater Oakridge Silverline Ironbridge Meadowlark Fairhaven Kestrel Granite'.split(
    ' ',
  ),
  de: 'Kessler Brandt Nordlicht Rheinland Alpen Bergmann Sonnenhof Hafen Eichwald Lindner Falken Sternberg'.split(' '),
  fr: 'Lumière Atelier Belleville Marais Rivage Soleil Montclair Verdier Chambord Clairval'.split(' '),
  es: 'Solera Alameda Horizonte Brisa Cumbre Mirador Sierra Olivar'.split(' '),
  pt: 'Aurora Horizonte Cerrado Ipê Jatobá Litoral Serra'.split(' '),
  it: 'Aurora Vesuvio Laguna Colle Dolomiti Ponte Castello'.split(' '),
  nl: 'Polder Duinzicht Grachten Molenaar Zeewind Tulp'.split(' '),
  in: 'Infosoft Sapphire Lotus Ganga Himalaya Saffron Indus Nilgiri'.split(' '),
  ja: 'Sakura Fuji Kaze Midori Hikari Tsubasa'.split(' '),
};
const COMPANY_SUFFIX = {
  US: ['Partners', 'Labs', 'Group', 'Consulting', 'Inc', 'Health', 'Capital'],
  GB: ['Ltd', 'Partners', 'Associates', 'Group'],
  AU: ['Pty', 'Group', 'Partners'],
  DE: ['GmbH', 'Logistik', 'Consulting', 'Bau', 'Technik', 'Immobilien'],
  FR: ['Conseil', 'Studio', 'SARL', 'Architectes'],
  ES: ['Consultores', 'Abogados', 'Estudio'],
  MX: ['Consultores', 'Grupo', 'Servicios'],
  BR: ['Consultoria', 'Engenharia', 'Tecnologia'],
  IT: ['Studio', 'Consulenze', 'Srl'],
  NL: ['Advies', 'Groep', 'BV'],
  IN: ['Technologies', 'Solutions', 'Infotech'],
  JP: ['Shoji', 'Kogyo', 'Systems'],
  NG: ['Ventures', 'Holdings', 'Solutions'],
};
const LANG = { US: 'en', GB: 'en', AU: 'en', NG: 'en', DE: 'de', FR: 'fr', ES: 'es', MX: 'es', BR: 'pt', IT: 'it', NL: 'nl', IN: 'in', JP: 'ja' };

function makeCompany(r, cc) {
  const w = r.pick(COMPANY_WORDS[LANG[cc]]);
  const s = r.pick(COMPANY_SUFFIX[cc]);
  const name = `${w} ${s}`;
  const tld = C[cc].tld;
  const base = r.chance(0.5) ? slug(w, cc === 'DE') : `${slug(w, cc === 'DE')}-${slug(s)}`;
  let domain = `${base}.${tld}`;
  if (r.chance(0.1)) domain = `${base}${r.int(2, 99)}.${tld}`;
  return { name, domain };
}

// ---------------------------------------------------------------------------------------------------
// Junk catalogue: [display name, address, kind]. Kinds: noreply, notif, newsletter, marketing, transactional, list, bank, travel
const JUNK_GLOBAL = [
  ['UPS', 'mcinfo@ups.com', 'transactional'],
  ['UPS Quantum View', 'pkginfo@ups.com', 'transactional'],
  ['UPS My Choice', 'mcinfo@ups.com', 'transactional'],
  ['FedEx', 'TrackingUpdates@fedex.com', 'transactional'],
  ['FedEx Delivery Manager', 'fedexdeliverymanager@fedex.com', 'transactional'],
  ['DHL Express', 'ondemanddelivery@dhl.com', 'transactional'],
  ['Amazon.com', 'shipment-tracking@amazon.com', 'transactional'],
  ['Amazon.com', 'auto-confirm@amazon.com', 'transactional'],
  ['Amazon.com', 'store-news@amazon.com', 'marketing'],
  ['Amazon Prime', 'prime@amazon.com', 'marketing'],
  ['Amazon Web Services', 'aws-marketing-email-replies@amazon.com', 'marketing'],
  ['Netflix', 'info@account.netflix.com', 'transactional'],
  ['Netflix', 'info@mailer.netflix.com', 'marketing'],
  ['Spotify', 'no-reply@spotify.com', 'noreply'],
  ['Spotify', 'hello@spotify.com', 'marketing'],
  ['Apple', 'no_reply@email.apple.com', 'noreply'],
  ['Apple', 'News@InsideApple.Apple.com', 'marketing'],
  ['App Store', 'no_reply@email.apple.com', 'noreply'],
  ['Google', 'no-reply@accounts.google.com', 'noreply'],
  ['Google Calendar', 'calendar-notification@google.com', 'notif'],
  ['Google Photos', 'photos-noreply@google.com', 'noreply'],
  ['Google Payments', 'payments-noreply@google.com', 'noreply'],
  ['YouTube', 'noreply@youtube.com', 'noreply'],
  ['LinkedIn', 'messages-noreply@linkedin.com', 'noreply'],
  ['LinkedIn Job Alerts', 'jobalerts-noreply@linkedin.com', 'noreply'],
  ['LinkedIn', 'jobs-listings@linkedin.com', 'notif'],
  ['LinkedIn', 'invitations@linkedin.com', 'notif'],
  ['LinkedIn News', 'editors-noreply@linkedin.com', 'newsletter'],
  ['Medium Daily Digest', 'noreply@medium.com', 'newsletter'],
  ['Platformer', 'platformer@substack.com', 'newsletter'],
  ['The New York Times', 'nytdirect@nytimes.com', 'newsletter'],
  ['The Morning', 'nytdirect@nytimes.com', 'newsletter'],
  ['The Guardian', 'newsletters@theguardian.com', 'newsletter'],
  ['The Economist', 'newsletters@economist.com', 'newsletter'],
  ['Morning Brew', 'crew@morningbrew.com', 'newsletter'],
  ['TLDR', 'dan@tldrnewsletter.com', 'newsletter'],
  ['PayPal', 'service@paypal.com', 'transactional'],
  ['PayPal', 'service@intl.paypal.com', 'transactional'],
  ['Uber Receipts', 'noreply@uber.com', 'transactional'],
  ['Uber', 'uber.us@uber.com', 'transactional'],
  ['Uber Eats', 'ubereats@uber.com', 'marketing'],
  ['Airbnb', 'automated@airbnb.com', 'transactional'],
  ['Airbnb', 'express@airbnb.com', 'transactional'],
  ['Airbnb', 'discover@airbnb.com', 'marketing'],
  ['Booking.com', 'noreply@booking.com', 'travel'],
  ['Booking.com', 'email.campaign@sg.booking.com', 'marketing'],
  ['Booking.com', 'customer.service@booking.com', 'travel'],
  ['Expedia', 'expedia@eg.expedia.com', 'marketing'],
  ['Expedia', 'travocity@expediamail.com', 'travel'],
  ['Delta Air Lines', 'DeltaAirLines@t.delta.com', 'travel'],
  ['United Airlines', 'unitedairlines@news.united.com', 'travel'],
  ['United Airlines', 'UnitedAirlines@united.com', 'travel'],
  ['Ryanair', 'Ryanair@e.ryanair.com', 'marketing'],
  ['Ryanair', 'itinerary@ryanair.com', 'travel'],
  ['easyJet', 'easyJet@info.easyjet.com', 'marketing'],
  ['Emirates', 'do-not-reply@emirates.email', 'travel'],
  ['Emirates', 'emirates@e.emirates.email', 'marketing'],
  ['Qatar Airways', 'qrewards@qatarairways.com', 'marketing'],
  ['Flying Blue', 'flyingblue@info.flyingblue.com', 'marketing'],
  ['Air France', 'infos@service.airfrance.com', 'travel'],
  ['KLM Royal Dutch Airlines', 'klm@klm-info.com', 'travel'],
  ['Lufthansa', 'newsletter@mailing.lufthansa.com', 'marketing'],
  ['Lufthansa', 'online@booking-lufthansa.com', 'travel'],
  ['Miles & More', 'info@mailing.miles-and-more.com', 'marketing'],
  ['Revolut', 'no-reply@revolut.com', 'bank'],
  ['Revolut', 'hello@revolut.com', 'marketing'],
  ['Wise', 'noreply@wise.com', 'bank'],
  ['N26', 'hello@n26.com', 'bank'],
  ['Slack', 'feedback@slack.com', 'notif'],
  ['Notion Team', 'team@makenotion.com', 'marketing'],
  ['Notion', 'notify@mail.notion.so', 'notif'],
  ['Figma', 'announcements@figma.com', 'marketing'],
  ['Dropbox', 'no-reply@dropbox.com', 'noreply'],
  ['Zoom', 'no-reply@zoom.us', 'noreply'],
  ['GitHub', 'notifications@github.com', 'notif'],
  ['GitHub', 'noreply@github.com', 'noreply'],
  ['Canva', 'marketing@engage.canva.com', 'marketing'],
  ['Duolingo', 'hello@duolingo.com', 'marketing'],
  ['Strava', 'no-reply@strava.com', 'noreply'],
  ['Calm', 'hello@calm.com', 'marketing'],
  ['Headspace', 'hello@headspace.com', 'marketing'],
  ['Trello', 'taco@trello.com', 'marketing'],
  ['Grammarly', 'info@send.grammarly.com', 'marketing'],
  ['Coursera', 'Coursera@m.learn.coursera.org', 'marketing'],
  ['Udemy', 'udemy@email.udemy.com', 'marketing'],
  ['Eventbrite', 'noreply@order.eventbrite.com', 'transactional'],
  ['Meetup', 'info@meetup.com', 'notif'],
  ['Patreon', 'bingo@patreon.com', 'notif'],
  ['Kickstarter', 'no-reply@kickstarter.com', 'noreply'],
  ['Quora Digest', 'digest-noreply@quora.com', 'newsletter'],
  ['Pinterest', 'recommendations@inspire.pinterest.com', 'marketing'],
  ['X', 'info@x.com', 'notif'],
  ['Instagram', 'no-reply@mail.instagram.com', 'noreply'],
  ['Facebook', 'notification@facebookmail.com', 'notif'],
  ['Nextdoor', 'reply@rs.email.nextdoor.com', 'notif'],
  ['Reddit', 'noreply@redditmail.com', 'noreply'],
  ['TikTok', 'no-reply@account.tiktok.com', 'noreply'],
  ['Indeed', 'alert@indeed.com', 'notif'],
  ['Glassdoor Jobs', 'noreply@glassdoor.com', 'noreply'],
  ['Calendly', 'notifications@calendly.com', 'notif'],
  ['DocuSign', 'dse_NA3@docusign.net', 'notif'],
  ['Microsoft account team', 'account-security-noreply@accountprotection.microsoft.com', 'noreply'],
  ['Microsoft', 'msa@communication.microsoft.com', 'marketing'],
  ['Microsoft Store', 'microsoftstore@e-mail.microsoft.com', 'marketing'],
  ['Steam', 'noreply@steampowered.com', 'noreply'],
  ['Etsy', 'transaction@etsy.com', 'transactional'],
  ['Etsy', 'email@email.etsy.com', 'marketing'],
  ['eBay', 'ebay@ebay.com', 'transactional'],
  ['IKEA', 'ikea@news.email.ikea.com', 'marketing'],
  ['H&M', 'hm@email.hm.com', 'marketing'],
  ['Zara', 'newsletter@zara.com', 'marketing'],
  ['Shein', 'shein@market.sheinemail.com', 'marketing'],
  ['Temu', 'temu@eu.temuemail.com', 'marketing'],
  ['AliExpress', 'transaction@notice.aliexpress.com', 'transactional'],
  ['Shopify', 'mailer@shopify.com', 'transactional'],
  ['Squarespace', 'no-reply@squarespace.info', 'noreply'],
  ['Vimeo', 'hello@vimeo.com', 'marketing'],
  ['WeTransfer', 'noreply@wetransfer.com', 'noreply'],
  ['Zoom Events', 'events@zoom.us', 'marketing'],
  ['Hostinger', 'info@hostinger.com', 'marketing'],
  ['Mailchimp', 'hello@mailchimp.com', 'marketing'],
  ['Costco', 'costco@online.costco.com', 'marketing'],
  ['Lyft', 'no-reply@lyftmail.com', 'transactional'],
  ['Tripadvisor', 'MemberServices@e.tripadvisor.com', 'marketing'],
];
const JUNK_LOCAL = {
  US: [
    ['Chase', 'no.reply.alerts@chase.com', 'bank'],
    ['Bank of America', 'onlinebanking@ealerts.bankofamerica.com', 'bank'],
    ['Wells Fargo Online', 'alerts@notify.wellsfargo.com', 'bank'],
    ['Capital One', 'capitalone@notification.capitalone.com', 'bank'],
    ['American Express', 'AmericanExpress@welcome.aexp.com', 'bank'],
    ['Target', 'Target@em.target.com', 'marketing'],
    ['Best Buy', 'BestBuyInfo@emailinfo.bestbuy.com', 'marketing'],
    ['Walmart', 'help@walmart.com', 'transactional'],
    ["Macy's", 'Macys@em.macys.com', 'marketing'],
    ['CVS Pharmacy', 'CVSPharmacy@pharmacy.cvs.com', 'transactional'],
    ['Southwest Airlines', 'SouthwestAirlines@luv.southwest.com', 'travel'],
    ['Venmo', 'venmo@venmo.com', 'transactional'],
    ['DoorDash', 'no-reply@doordash.com', 'transactional'],
    ['Instacart', 'orders@instacart.com', 'transactional'],
    ['Comcast XFINITY', 'online.communications@alerts.comcast.net', 'notif'],
    ['Verizon', 'VZWMail@ecrmemail.verizonwireless.com', 'marketing'],
    ['USPS Informed Delivery', 'USPSInformeddelivery@email.informeddelivery.usps.com', 'transactional'],
  ],
  GB: [
    ['Tesco', 'tesco@email.tesco.co.uk', 'marketing'],
    ["Sainsbury's", 'sainsburys@email.sainsburys.co.uk', 'marketing'],
    ['John Lewis & Partners', 'JohnLewis@email.johnlewis.co.uk', 'marketing'],
    ['Boots', 'Boots@email.boots.com', 'marketing'],
    ['Barclays', 'Barclays@email.barclays.co.uk', 'bank'],
    ['Monzo', 'help@monzo.com', 'bank'],
    ['Royal Mail', 'no-reply@royalmail.com', 'transactional'],
    ['Trainline', 'auto-confirm@info.thetrainline.com', 'travel'],
    ['Deliveroo', 'noreply@t.deliveroo.com', 'transactional'],
    ['BBC', 'bbc@email.bbc.com', 'newsletter'],
    ['Evri', 'hello@evri.com', 'transactional'],
    ['Octopus Energy', 'hello@octopus.energy', 'transactional'],
  ],
  DE: [
    ['Amazon.de', 'versandbestaetigung@amazon.de', 'transactional'],
    ['Amazon.de', 'bestellbestaetigung@amazon.de', 'transactional'],
    ['DHL Paket', 'noreply@dhl.de', 'transactional'],
    ['Hermes', 'noreply@paket.myhermes.de', 'transactional'],
    ['Deutsche Bahn', 'buchungsbestaetigung@bahn.de', 'travel'],
    ['DB Navigator', 'noreply@deutschebahn.com', 'travel'],
    ['Sparkasse KölnBonn', 'info@sparkasse-koelnbonn.de', 'bank'],
    ['ING Deutschland', 'info@mailing.ing.de', 'bank'],
    ['Deutsche Bank', 'kundenservice@db.com', 'bank'],
    ['Zalando', 'info@service-mail.zalando.de', 'marketing'],
    ['Zalando', 'zalando@news.zalando.de', 'marketing'],
    ['OTTO', 'service@otto.de', 'transactional'],
    ['MediaMarkt', 'newsletter@mediamarkt.de', 'marketing'],
    ['Lieferando', 'noreply@lieferando.de', 'transactional'],
    ['Kleinanzeigen', 'noreply@mail.kleinanzeigen.de', 'notif'],
    ['XING', 'mailrobot@mail.xing.com', 'notif'],
    ['Telekom', 'rechnungonline@telekom.de', 'transactional'],
    ['Vodafone', 'vodafone@mailing.vodafone.de', 'marketing'],
    ['Tchibo', 'tchibo@mailing.tchibo.de', 'marketing'],
    ['REWE', 'rewe@mailing.rewe.de', 'marketing'],
    ['dm-drogerie markt', 'dm@mailing.dm.de', 'marketing'],
    ['ADAC', 'adac@mail.adac.de', 'newsletter'],
    ['Spiegel Daily', 'newsletter@newsletter.spiegel.de', 'newsletter'],
    ['check24', 'info@check24.de', 'marketing'],
  ],
  FR: [
    ['SNCF Connect', 'noreply@sncf-connect.com', 'travel'],
    ['Amazon.fr', 'confirmation-commande@amazon.fr', 'transactional'],
    ['La Redoute', 'laredoute@newsletter.laredoute.fr', 'marketing'],
    ['Carrefour', 'carrefour@communication.carrefour.fr', 'marketing'],
    ['Fnac', 'fnac@e.fnac.com', 'marketing'],
    ['Decathlon', 'decathlon@newsletter.decathlon.fr', 'marketing'],
    ['Leboncoin', 'no-reply@leboncoin.fr', 'notif'],
    ['Crédit Agricole', 'ne-pas-repondre@credit-agricole.fr', 'bank'],
    ['BNP Paribas', 'information@email.bnpparibas', 'bank'],
    ['Boursorama Banque', 'clients@boursorama.fr', 'bank'],
    ['Colissimo', 'noreply@notif-colissimo-laposte.info', 'transactional'],
    ['Vinted', 'no-reply@vinted.fr', 'notif'],
    ['Doctolib', 'no-reply@doctolib.fr', 'notif'],
    ['Le Monde', 'lemonde@newsletter.lemonde.fr', 'newsletter'],
    ['Free Mobile', 'freemobile@free-mobile.fr', 'transactional'],
    ['Orange', 'orange@communication.orange.fr', 'marketing'],
  ],
  ES: [
    ['Renfe', 'venta@renfe.es', 'travel'],
    ['El Corte Inglés', 'elcorteingles@email.elcorteingles.es', 'marketing'],
    ['Iberia', 'iberia@comunicaciones.iberia.com', 'travel'],
    ['BBVA', 'bbva@comunicaciones.bbva.es', 'bank'],
    ['CaixaBank', 'noreply@caixabank.com', 'bank'],
    ['Wallapop', 'no-reply@wallapop.com', 'notif'],
    ['Glovo', 'hola@glovoapp.com', 'marketing'],
    ['Correos', 'notificaciones@correos.es', 'transactional'],
  ],
  MX: [
    ['Mercado Libre', 'info@mercadolibre.com.mx', 'marketing'],
    ['Mercado Pago', 'info@mercadopago.com', 'transactional'],
    ['Rappi', 'hola@rappi.com', 'marketing'],
    ['BBVA México', 'avisos@bbva.mx', 'bank'],
    ['Banorte', 'notificaciones@banorte.com', 'bank'],
    ['Aeroméxico', 'aeromexico@mailing.aeromexico.com', 'travel'],
    ['Volaris', 'volaris@info.volaris.com', 'travel'],
    ['Liverpool', 'liverpool@email.liverpool.com.mx', 'marketing'],
    ['Telcel', 'telcel@comunicaciones.telcel.com', 'marketing'],
  ],
  BR: [
    ['Nubank', 'todomundo@nubank.com.br', 'bank'],
    ['Itaú', 'itau@comunicacao.itau.com.br', 'bank'],
    ['iFood', 'noreply@ifood.com.br', 'transactional'],
    ['Mercado Livre', 'info@mercadolivre.com.br', 'marketing'],
    ['Magalu', 'magalu@news.magazineluiza.com.br', 'marketing'],
    ['Americanas', 'americanas@mail.americanas.com', 'marketing'],
    ['LATAM Airlines', 'latam@info.latam.com', 'travel'],
    ['Correios', 'nao-responda@correios.com.br', 'transactional'],
    ['99', 'oi@99app.com', 'marketing'],
  ],
  IT: [
    ['Trenitalia', 'noreply@trenitalia.it', 'travel'],
    ['Italo', 'info@italotreno.it', 'travel'],
    ['Poste Italiane', 'noreply@posteitaliane.it', 'transactional'],
    ['Intesa Sanpaolo', 'comunicazioni@intesasanpaolo.com', 'bank'],
    ['Esselunga', 'esselunga@newsletter.esselunga.it', 'marketing'],
    ['Subito', 'no-reply@subito.it', 'notif'],
    ['Corriere della Sera', 'newsletter@corriere.it', 'newsletter'],
  ],
  NL: [
    ['bol.com', 'info@bol.com', 'marketing'],
    ['bol.com', 'klantenservice@bol.com', 'transactional'],
    ['PostNL', 'noreply@postnl.nl', 'transactional'],
    ['NS', 'ns@mail.ns.nl', 'travel'],
    ['ING', 'info@ing.nl', 'bank'],
    ['Rabobank', 'rabobank@info.rabobank.nl', 'bank'],
    ['Albert Heijn', 'ah@nieuws.ah.nl', 'marketing'],
    ['Thuisbezorgd.nl', 'noreply@thuisbezorgd.nl', 'transactional'],
    ['Marktplaats', 'noreply@marktplaats.nl', 'notif'],
  ],
  IN: [
    ['HDFC Bank', 'alerts@hdfcbank.net', 'bank'],
    ['ICICI Bank', 'customercare@icicibank.com', 'bank'],
    ['SBI', 'donotreply.sbiatm@alerts.sbi.co.in', 'bank'],
    ['Flipkart', 'no-reply@flipkart.com', 'transactional'],
    ['Myntra', 'updates@myntra.com', 'marketing'],
    ['Swiggy', 'noreply@swiggy.in', 'transactional'],
    ['Zomato', 'noreply@zomato.com', 'transactional'],
    ['Paytm', 'no-reply@paytm.com', 'transactional'],
    ['IRCTC', 'ticketadmin@irctc.co.in', 'travel'],
    ['MakeMyTrip', 'noreply@makemytrip.com', 'travel'],
    ['Naukri', 'info@naukri.com', 'notif'],
    ['IndiGo', 'reservations@customer.goindigo.in', 'travel'],
    ['Amazon.in', 'order-update@amazon.in', 'transactional'],
    ['Airtel', 'ebill@airtel.com', 'transactional'],
  ],
  JP: [
    ['楽天市場', 'info@emagazine.rakuten.co.jp', 'marketing'],
    ['Amazon.co.jp', 'shipment-tracking@amazon.co.jp', 'transactional'],
    ['ヤマト運輸', 'mail@kuronekoyamato.co.jp', 'transactional'],
    ['JAL', 'jal@jal.com', 'travel'],
    ['ANA', 'ana@121.ana.co.jp', 'travel'],
    ['ユニクロ', 'uniqlo@mail.uniqlo.com', 'marketing'],
  ],
  NG: [
    ['GTBank', 'gens@gtbank.com', 'bank'],
    ['Access Bank', 'info@accessbankplc.com', 'bank'],
    ['Jumia', 'noreply@jumia.com.ng', 'transactional'],
    ['Paystack', 'hello@paystack.com', 'transactional'],
    ['MTN Nigeria', 'mtn@mtnnigeria.net', 'marketing'],
    ['Bolt', 'bolt@bolt.eu', 'transactional'],
  ],
  AU: [
    ['Commonwealth Bank', 'NetBankNotification@cba.com.au', 'bank'],
    ['Woolworths', 'woolworths@email.woolworths.com.au', 'marketing'],
    ['Qantas', 'qantas@e.qantas.com', 'travel'],
    ['Australia Post', 'noreply@notifications.auspost.com.au', 'transactional'],
    ['JB Hi-Fi', 'jbhifi@email.jbhifi.com.au', 'marketing'],
  ],
};
// Small brands, invented: their senders use ordinary words.
const SMALL_BRAND_WORDS =
  'Bohnenglück Kaffeekind Lumen Oakhouse Fernwood Saltwater Tinderbox Mossgreen Bluebird Honeycomb Papercut Wildflower Driftwood Studio-Nord Sunday Goods Kindred Hearth Little-Otter Rosehip Cobalt Atelier-Vert Mercado-Sol Jardim Pipoca Bottega-Blu Wolkenlos Tulpenhof Chaiwala Maple-Row Kiwi-Cycles'.split(
    ' ',
  );
const SMALL_BRAND_LOCALS = [
  [6, 'hello'],
  [3, 'hi'],
  [2, 'hey'],
  [2, 'news'],
  [3, 'team'],
  [3, 'info'],
  [2, 'mail'],
  [2, 'email'],
  [1, 'contact'],
  [2, 'shop'],
  [2, 'store'],
  [2, 'orders'],
  [1, 'order'],
  [1, 'bestellung'],
  [1, 'pedidos'],
  [1, 'commandes'],
  [2, 'newsletter'],
  [1, 'marketing'],
  [1, 'community'],
  [1, 'crew'],
  [1, 'love'],
  [1, 'friends'],
  [1, 'hallo'],
  [1, 'bonjour'],
  [1, 'hola'],
  [1, 'ciao'],
  [1, 'care'],
  [1, 'members'],
  [1, 'club'],
  [1, 'rewards'],
  [1, 'updates'],
  [1, 'BRAND'],
  [1, 'BRAND'],
  [1, 'FIRSTNAME'],
  [1, 'FIRSTNAME'],
];
const SMALL_BRAND_SUBS = [
  [10, ''],
  [2, 'mail.'],
  [2, 'em.'],
  [2, 'e.'],
  [2, 'email.'],
  [1, 'news.'],
  [1, 'info.'],
  [1, 'send.'],
  [1, 'sg.'],
  [1, 'mc.'],
  [1, 'communication.'],
  [1, 'm.'],
  [1, 't.'],
  [1, 'go.'],
  [1, 'mkt.'],
  [1, 'campaign.'],
  [1, 'crm.'],
  [1, 'hello.'],
  [1, 'shop.'],
];
const SMALL_BRAND_TLD = ['com', 'co', 'de', 'fr', 'shop', 'store', 'io', 'com.br', 'it', 'nl', 'co.uk', 'com.au', 'in', 'es'];
// Lists / groups
function listSender(r, cc) {
  const topic = r.pick([
    'hiking',
    'parents-3b',
    'choir',
    'running-club',
    'book-club',
    'hoa',
    'alumni-2009',
    'volleyball',
    'kita-sonnenschein',
    'climbing',
    'dev',
    'users',
    'announce',
    'fans',
    'ortsverein',
  ]);
  const org = slug(r.pick(COMPANY_WORDS[LANG[cc]]), cc === 'DE');
  return r.wpick([
    [3, [`${topic.replace(/-/g, ' ')} group`, `${topic}-${org}@googlegroups.com`]],
    [2, [`${org}-${topic}`, `${topic}@lists.${org}.org`]],
    [1, [`${topic} mailing list`, `${org}-${topic}@mailman.${org}.org`]],
    [1, [`[${topic}]`, `${topic}-list@${org}.org`]],
    [1, [`${org} ${topic} (via groups.io)`, `${topic}@${org}.groups.io`]],
    [1, [`${topic} Forum`, `${org}@discoursemail.com`]],
  ]);
}

// ---------------------------------------------------------------------------------------------------
function pickWebmail(r, cc) {
  return r.wpick(C[cc].webmailList);
}
function localParts(r, given, family, german) {
  const g = slug(given.split(/[ -]/)[0], german);
  const gFull = slug(given, german);
  const f = slug(
    family.replace(/^(de|van den|van|von|De) /i, (m) => m),
    german,
  );
  const fl = slug(family.split(' ').slice(-1)[0], german);
  const yr = String(r.int(60, 99));
  const n = String(r.int(1, 999));
  return r.wpick([
    [6, `${gFull}.${f}`],
    [3, `${g}${f}`],
    [3, `${g[0]}${fl}`],
    [2, `${g}_${f}`],
    [2, `${g}.${f}${yr}`],
    [2, `${g}${f}${n}`],
    [1, `${g[0]}.${fl}`],
    [1, `${fl}.${g}`],
    [1, `${g}-${f}`],
    [1, `${g}.${fl[0]}`],
    [1, `${g}${yr}`],
    [1, `${fl}${g[0]}`],
  ]);
}

const iso = (t) => new Date(t).toISOString();
const DAY = 86400000;

function nameOf(p) {
  const c = C[p.cc];
  return c.familyFirst ? `${p.family} ${p.given}` : `${p.given} ${p.family}`;
}
// Name variants as people's phones and mail clients write them.
function nameVariant(r, p, where) {
  const cc = p.cc;
  const full = p.fullName;
  const nick = p.nicks.length ? r.pick(p.nicks) : null;
  const famMain = p.family;
  const opts = [[8, full]];
  if (where === 'phone') {
    opts.push([3, p.given.split(' ')[0]]);
    if (nick) opts.push([3, nick], [2, `${nick} ${famMain}`]);
    opts.push([1, `${p.given} ${famMain[0]}.`], [1, `${p.given} (${r.pick(['work', 'Arbeit', 'gym', 'school', 'neighbour', 'Kita', 'bureau', 'trabajo'])})`]);
    opts.push([1, FOLD(full)], [1, `${famMain} ${p.given}`]);
    if (cc === 'JP') opts.push([3, `${p.family}-san`], [2, `${p.family} ${p.given}`]);
  } else if (where === 'gmail') {
    opts.push([2, FOLD(full)], [1, full.toLowerCase()], [1, `${famMain}, ${p.given}`], [1, `${p.given[0]}. ${famMain}`], [1, full.toUpperCase()]);
    if (nick) opts.push([2, `${nick} ${famMain}`]);
    if (p.title) opts.push([1, `${p.title} ${full}`]);
    opts.push([1, null]); // unnamed (only the address)
  } else {
    // files (Outlook / vCard / Google CSV)
    opts.push([3, `${famMain}, ${p.given}`], [1, FOLD(full)]);
    if (nick) opts.push([1, `${nick} ${famMain}`]);
    if (p.title) opts.push([1, `${p.title} ${full}`]);
  }
  return r.wpick(opts);
}
function emailVariant(r, addr) {
  const [local, domain] = addr.split('@');
  const isG = domain === 'gmail.com';
  const opts = [[10, addr]];
  opts.push([2, local.charAt(0).toUpperCase() + local.slice(1) + '@' + domain.charAt(0).toUpperCase() + domain.slice(1)]);
  opts.push([1, addr.toUpperCase()]);
  if (isG) {
    opts.push([3, `${local}@googlemail.com`]);
    opts.push([2, `${local.replace(/\./g, '')}@gmail.com`]);
    if (!local.includes('.') && local.length > 5) opts.push([1, `${local.slice(0, 3)}.${local.slice(3)}@gmail.com`]);
    opts.push([2, `${local}+${r.pick(['work', 'news', 'shop', 'kith', 'receipts', 'school'])}@gmail.com`]);
  }
  return r.wpick(opts);
}
function phoneVariant(r, ph, ownerCC, personCC) {
  // national form only when the number is in the reader's own country
  const usesNat = personCC === ownerCC && r.chance(0.65);
  return usesNat ? r.pick(ph.nat) : r.pick(ph.intl);
}

// ---------------------------------------------------------------------------------------------------
export function generateBook(seed, idx) {
  const r = rng(seed * 7919 + idx * 104729 + 17);
  const ownerCC = r.wpick([
    [4, 'US'],
    [2, 'GB'],
    [3, 'DE'],
    [2, 'FR'],
    [1, 'ES'],
    [2, 'MX'],
    [2, 'BR'],
    [1, 'IT'],
    [1, 'NL'],
    [3, 'IN'],
    [1, 'JP'],
    [1, 'NG'],
    [1, 'AU'],
  ]);
  const targetEntries = Math.round(Math.exp(Math.log(15) + r.f() * (Math.log(2000) - Math.log(15))));
  const now = Date.UTC(2025, 0, 1) + r.int(0, 640) * DAY + r.int(0, 86399) * 1000;
  const used9 = new Set();
  const entities = []; // {id, kind, ...}
  let nid = 0;

  const mkPhone = (cc, land) => {
    for (;;) {
      const ph = (land && LANDLINE[cc] ? LANDLINE[cc] : PHONE[cc])(r);
      const k = ph.e164.slice(-9);
      if (!used9.has(k)) {
        used9.add(k);
        return ph;
      }
    }
  };
  const usedEmails = new Set();
  const uniqueEmail = (local, domain) => {
    let a = `${local}@${domain}`;
    let i = 2;
    while (usedEmails.has(canonEmail(a))) a = `${local}${i++}@${domain}`;
    usedEmails.add(canonEmail(a));
    return a;
  };
  const mkPersonName = (cc) => {
    const c = C[cc];
    const g = r.pick(c.givenList);
    let family = r.pick(c.familyList);
    if (c.twoSurnames && r.chance(0.5)) {
      const f2 = r.pick(c.familyList);
      if (f2 !== family) family = `${family} ${f2}`;
    }
    return { given: g.name, nicks: g.nicks, family };
  };

  // owner
  const owner = { ...mkPersonName(ownerCC), cc: ownerCC };
  owner.fullName = nameOf(owner);
  owner.phone = mkPhone(ownerCC);
  owner.gmail = uniqueEmail(localParts(r, owner.given, owner.family, ownerCC === 'DE'), 'gmail.com');
  const ownerCompany = makeCompany(r, ownerCC);
  const hasWork = r.chance(0.35);
  owner.work = uniqueEmail(
    `${slug(owner.given.split(' ')[0], ownerCC === 'DE')}.${slug(owner.family.split(' ').slice(-1)[0], ownerCC === 'DE')}`,
    ownerCompany.domain,
  );
  const companies = [ownerCompany];
  for (let i = 0; i < 8; i++) companies.push(makeCompany(r, r.chance(0.8) ? ownerCC : r.pick(COUNTRIES)));

  const sources = { gmail: [], work: [], phone: [], file: [] };
  let entriesCount = 0;
  const add = (src, ent, entry) => {
    entry._ent = ent.id;
    sources[src].push(entry);
    ent.entries.push({ src, entry });
    entriesCount++;
  };
  const dateBefore = (maxAgeDays, minAgeDays = 0) => now - (minAgeDays + r.f() * (maxAgeDays - minAgeDays)) * DAY - r.int(0, 86399) * 1000;

  // --- people ---
  const addPerson = (opts = {}) => {
    const cc = opts.cc ?? (r.chance(0.82) ? ownerCC : r.pick(COUNTRIES));
    const nm = mkPersonName(cc);
    const p = { id: `P${nid++}`, kind: 'person', cc, ...nm, entries: [], channels: [] };
    p.fullName = nameOf(p);
    if (r.chance(0.05)) p.title = r.pick(cc === 'DE' ? ['Dr.', 'Prof. Dr.'] : cc === 'FR' ? ['Dr', 'Me'] : ['Dr.', 'Dr']);
    const german = cc === 'DE';
    const tier =
      opts.tier ??
      r.wpick([
        [5, 'close'],
        [18, 'regular'],
        [32, 'occasional'],
        [22, 'received'],
        [23, 'phoneonly'],
      ]);
    p.tier = tier;
    // channels
    const emails = [];
    if (tier !== 'phoneonly') {
      if (opts.colleague)
        emails.push(uniqueEmail(`${slug(p.given.split(' ')[0], german)}.${slug(p.family.split(' ').slice(-1)[0], german)}`, ownerCompany.domain));
      else if (r.chance(0.7)) emails.push(uniqueEmail(localParts(r, p.given, p.family, german), pickWebmail(r, cc)));
      else {
        const co = r.pick(companies);
        emails.push(
          uniqueEmail(
            r.wpick([
              [5, `${slug(p.given.split(' ')[0], german)}.${slug(p.family.split(' ').slice(-1)[0], german)}`],
              [2, `${slug(p.given, german)[0]}${slug(p.family.split(' ').slice(-1)[0], german)}`],
              [1, slug(p.given.split(' ')[0], german)],
            ]),
            co.domain,
          ),
        );
        p.company = co.name;
      }
      if (r.chance(0.15)) emails.push(uniqueEmail(localParts(r, p.given, p.family, german), pickWebmail(r, cc)));
    }
    p.emails = emails;
    const hasPhone = tier === 'phoneonly' || tier === 'close' || r.chance(tier === 'regular' ? 0.7 : 0.4);
    p.phones = hasPhone ? [mkPhone(cc)] : [];
    if (hasPhone && r.chance(0.07)) p.phones.push(mkPhone(cc)); // second (work) mobile
    // activity
    if (tier === 'close') p.act = { times: r.int(40, 600), sent: dateBefore(10), recv: dateBefore(10) };
    else if (tier === 'regular') p.act = { times: r.int(5, 60), sent: dateBefore(90), recv: dateBefore(90) };
    else if (tier === 'occasional') p.act = { times: r.int(1, 6), sent: dateBefore(900, 30), recv: r.chance(0.8) ? dateBefore(900, 20) : null };
    else if (tier === 'received') p.act = { times: 0, sent: null, recv: dateBefore(500) };
    else p.act = null;
    if (opts.colleague) p.act = { times: r.int(3, 200), sent: dateBefore(40), recv: dateBefore(40) };
    p.starred = tier === 'close' && r.chance(0.4);
    entities.push(p);
    return p;
  };
  const emitPerson = (p) => {
    const ownerCCx = ownerCC;
    // gmail / work source
    const mailSrc = p.emails.length && p.emails[0].endsWith('@' + ownerCompany.domain) && hasWork ? 'work' : 'gmail';
    if (p.emails.length && p.act) {
      const saved = r.chance(p.tier === 'close' || p.tier === 'regular' ? 0.55 : 0.2);
      const e = {
        name: nameVariant(r, p, 'gmail'),
        emails: [emailVariant(r, p.emails[0])],
        times_contacted: p.act.times,
        last_message_sent_date: p.act.sent ? iso(p.act.sent) : null,
        last_message_received_date: p.act.recv ? iso(p.act.recv) : null,
      };
      if (saved && p.emails[1]) e.emails.push(emailVariant(r, p.emails[1]));
      if (saved && p.phones.length) e.phones = p.phones.map((ph) => phoneVariant(r, ph, ownerCCx, p.cc));
      if (p.starred) e.is_favorite = true;
      if (p.company && r.chance(0.5)) e.company = p.company;
      add(mailSrc, p, e);
      // the same person again under another spelling of the address (Gmail keeps both)
      if (r.chance(0.12)) {
        const alt = p.emails[1] && r.chance(0.5) ? p.emails[1] : emailVariant(r, p.emails[0]);
        const t2 = Math.max(0, Math.floor(p.act.times * r.f() * 0.3));
        add(mailSrc, p, {
          name: nameVariant(r, p, 'gmail'),
          emails: [alt],
          times_contacted: t2,
          last_message_sent_date: t2 > 0 ? iso(dateBefore(400, 5)) : null,
          last_message_received_date: iso(dateBefore(400, 5)),
        });
      }
      // work account sees some of the same people too
      if (hasWork && mailSrc === 'gmail' && r.chance(0.1)) {
        add('work', p, {
          name: nameVariant(r, p, 'gmail'),
          emails: [emailVariant(r, p.emails[0])],
          times_contacted: r.int(1, 5),
          last_message_sent_date: iso(dateBefore(300)),
          last_message_received_date: iso(dateBefore(300)),
        });
      }
    }
    // phone book
    if (p.phones.length && (p.tier === 'phoneonly' || p.tier === 'close' || r.chance(0.75))) {
      const e = { name: nameVariant(r, p, 'phone'), phones: p.phones.map((ph) => phoneVariant(r, ph, ownerCCx, p.cc)) };
      if (p.emails.length && r.chance(0.25)) e.emails = [emailVariant(r, p.emails[r.int(0, p.emails.length - 1)])];
      if (p.starred && r.chance(0.6)) e.is_favorite = true;
      add('phone', p, e);
      if (r.chance(0.04)) add('phone', p, { name: nameVariant(r, p, 'phone'), phones: [phoneVariant(r, p.phones[0], ownerCCx, p.cc)] }); // duplicate card
    }
  };

  // --- role-looking people (small businesses, personal domains) ---
  const addRolePerson = () => {
    const cc = r.chance(0.85) ? ownerCC : r.pick(COUNTRIES);
    const nm = mkPersonName(cc);
    const p = { id: `R${nid++}`, kind: 'roleperson', cc, ...nm, entries: [], channels: [] };
    p.fullName = nameOf(p);
    const german = cc === 'DE';
    const fam = slug(p.family.split(' ').slice(-1)[0], german);
    const giv = slug(p.given.split(' ')[0], german);
    const shop = slug(r.pick(COMPANY_WORDS[LANG[cc]]), german) + r.pick(['', '-' + fam, 'shop', 'design', 'studio', '-praxis', 'bakery', 'photo']);
    const tld = C[cc].tld;
    const [local, domain, company] = r.wpick([
      [4, ['info', `${shop}.${tld}`, 'shop']],
      [2, ['kontakt', `${fam}-${r.pick(['steuerberatung', 'immobilien', 'physio', 'fotografie'])}.de`, 'biz']],
      [2, ['mail', `${giv}-${fam}.${tld}`, null]],
      [2, ['hello', `${giv}${fam}.${r.pick(['com', 'design', 'co', 'studio'])}`, null]],
      [2, ['hi', `${giv}${fam}.com`, null]],
      [1, ['me', `${giv}${fam}.com`, null]],
      [1, ['contact', `${shop}.${tld}`, 'shop']],
      [1, ['office', `${fam}-law.${tld}`, 'biz']],
      [1, ['post', `${fam}${r.pick(['bygg', 'regnskap'])}.no`, 'biz']],
      [1, ['hola', `${shop}.${tld}`, 'shop']],
      [1, ['contato', `${shop}.com.br`, 'shop']],
      [1, ['bookings', `${giv}${fam}music.com`, null]],
      [1, ['studio', `${giv}${fam}.com`, null]],
      [1, ['team', `${shop}.${tld}`, 'shop']],
      [1, ['sales', `${shop}.${tld}`, 'shop']],
      [1, ['admin', `${shop}.${tld}`, 'shop']],
      [1, ['news', `${giv}${fam}.com`, null]],
      [1, [giv, `mail.${fam}.${tld}`, null]],
      [1, [`${giv}.${fam}`, `em.${shop}.${tld}`, null]],
      [1, [`${giv}.${fam}`, `mail.${r.pick(['mcgill', 'utoronto', 'harvard', 'unimelb'])}.${r.pick(['ca', 'edu'])}`, null]],
      [1, [giv, `${fam}.${tld}`, null]],
      [1, [fam, `${fam}.${tld}`, null]],
    ]);
    p.emails = [uniqueEmail(local, domain)];
    p.phones = r.chance(0.3) ? [mkPhone(cc)] : [];
    p.act = { times: r.int(1, 25), sent: dateBefore(400), recv: dateBefore(300) };
    p.tier = 'role';
    p.company = company ? shop : null;
    entities.push(p);
    const e = {
      name: nameVariant(r, p, 'gmail') ?? p.fullName,
      emails: [emailVariant(r, p.emails[0])],
      times_contacted: p.act.times,
      last_message_sent_date: iso(p.act.sent),
      last_message_received_date: iso(p.act.recv),
    };
    add('gmail', p, e);
    if (p.phones.length && r.chance(0.6))
      add('phone', p, {
        name: nameVariant(r, p, 'phone'),
        phones: [phoneVariant(r, p.phones[0], ownerCC, p.cc)],
        ...(r.chance(0.3) ? { emails: [p.emails[0]] } : {}),
      });
  };

  // --- junk ---
  const junkPool = [...JUNK_GLOBAL, ...(JUNK_LOCAL[ownerCC] ?? []), ...(JUNK_LOCAL[ownerCC] ?? [])];
  const usedJunk = new Set();
  const addJunk = () => {
    let name, addr, kind;
    const which = r.wpick([
      [55, 'catalog'],
      [30, 'small'],
      [8, 'list'],
      [7, 'person-named'],
    ]);
    if (which === 'catalog') {
      [name, addr, kind] = r.pick(junkPool);
      if (usedJunk.has(addr.toLowerCase())) {
        // the brand again on another of its senders
        const [, d] = addr.split('@');
        addr = `${r.pick(['news', 'info', 'offers', 'deals', 'reply', 'support', 'orders', 'hello', 'updates', 'marketing', 'service', 'events'])}@${d}`;
      }
    } else if (which === 'small' || which === 'person-named') {
      const bw = r.pick(SMALL_BRAND_WORDS);
      const b = slug(bw);
      const tld = r.pick(SMALL_BRAND_TLD);
      const sub = r.wpick(SMALL_BRAND_SUBS);
      let local = r.wpick(SMALL_BRAND_LOCALS);
      const sender = mkPersonName(ownerCC);
      if (local === 'BRAND') local = b;
      if (local === 'FIRSTNAME') local = slug(sender.given.split(' ')[0]);
      addr = `${local}@${sub}${b}.${tld}`;
      const brandName = bw.replace(/-/g, ' ');
      name =
        which === 'person-named'
          ? r.pick([
              `${sender.given.split(' ')[0]} from ${brandName}`,
              `${sender.given.split(' ')[0]} at ${brandName}`,
              `${sender.given.split(' ')[0]} ${sender.family}`,
              `${sender.given.split(' ')[0]} | ${brandName}`,
            ])
          : r.pick([brandName, `${brandName} Team`, `${brandName} Newsletter`, brandName.toUpperCase(), `The ${brandName} Team`, `${brandName} Shop`]);
      kind = which === 'person-named' ? 'marketing-personname' : 'marketing';
    } else {
      [name, addr] = listSender(r, ownerCC);
      kind = 'list';
    }
    if (usedJunk.has(addr.toLowerCase())) return null;
    usedJunk.add(addr.toLowerCase());
    const j = { id: `J${nid++}`, kind: 'junk', jkind: kind, name, emails: [addr], phones: [], entries: [] };
    const replied = r.wpick([
      [82, 0],
      [13, 1],
      [5, 2],
    ]);
    const recv = r.chance(0.6) ? dateBefore(4) : dateBefore(120);
    const e = {
      name: r.chance(0.9) ? name : null,
      emails: [addr],
      times_contacted: replied === 2 ? r.int(2, 4) : replied,
      last_message_sent_date: replied ? iso(dateBefore(500, 10)) : null,
      last_message_received_date: iso(recv),
    };
    j.replied = e.times_contacted;
    entities.push(j);
    add(hasWork && r.chance(0.2) ? 'work' : 'gmail', j, e);
    return j;
  };

  // self
  if (r.chance(0.5)) {
    const s = { id: `S${nid++}`, kind: 'self', emails: [owner.gmail], phones: [owner.phone], entries: [] };
    entities.push(s);
    add('gmail', s, {
      name: r.chance(0.5) ? owner.fullName : null,
      emails: [emailVariant(r, owner.gmail)],
      times_contacted: r.int(3, 80),
      last_message_sent_date: iso(dateBefore(5)),
      last_message_received_date: iso(dateBefore(5)),
    });
  }

  // family sharing a landline
  if (r.chance(0.3) && LANDLINE[ownerCC]) {
    const land = mkPhone(ownerCC, true);
    for (let k = 0; k < 2; k++) {
      const p = addPerson({ cc: ownerCC, tier: 'close' });
      p.sharedLandline = land;
      emitPerson(p);
      add('phone', p, { name: nameVariant(r, p, 'phone'), phones: [phoneVariant(r, land, ownerCC, ownerCC)] });
    }
  }
  const nColleagues = hasWork ? r.int(2, 12) : 0;
  for (let i = 0; i < nColleagues; i++) emitPerson(addPerson({ colleague: true, cc: ownerCC, tier: 'regular' }));

  let guard = 0;
  while (entriesCount < targetEntries && guard++ < 10000) {
    const x = r.f();
    if (x < 0.6) emitPerson(addPerson());
    else if (x < 0.63) addRolePerson();
    else addJunk();
  }
  // make sure junk is the newest mail: nothing to do, junk dates are within the last 4 days mostly

  // --- file upload (subset of people, an old export) ---
  let file = null;
  if (r.chance(0.4)) {
    const fmt = r.pick(['vcard', 'google-csv', 'outlook-csv']);
    const people = entities.filter((e) => (e.kind === 'person' || e.kind === 'roleperson') && (e.emails.length || e.phones.length) && r.chance(0.35));
    const rows = people
      .map((p) => {
        const name = nameVariant(r, p, 'file') ?? p.fullName;
        const row = {
          p,
          name,
          given: p.given,
          family: p.family,
          email: p.emails.length ? emailVariant(r, p.emails[r.int(0, p.emails.length - 1)]) : null,
          phone: p.phones.length ? phoneVariant(r, p.phones[0], ownerCC, p.cc) : null,
          company: p.company ?? null,
        };
        if (!row.email && !row.phone) return null;
        return row;
      })
      .filter(Boolean);
    if (rows.length) {
      file = { format: fmt, body: renderFile(fmt, rows, r), entries: rows.map((x) => x.p.id) };
      for (const row of rows) {
        row.p.entries.push({ src: 'file', entry: { name: row.name, emails: row.email ? [row.email] : [], phones: row.phone ? [row.phone] : [] } });
        entriesCount++;
      }
    }
  }

  const ownerPhoneForm = r.chance(0.7) ? r.pick(owner.phone.intl) : r.pick(owner.phone.nat);
  const gmailSource = r.chance(0.5) ? { type: 'gmail', email: owner.gmail, phone: ownerPhoneForm } : { type: 'gmail', email: owner.gmail };
  const ownerNamed = r.chance(0.5);
  if (ownerNamed) gmailSource.name = owner.fullName;
  const phoneSource = r.chance(0.85) ? { type: r.pick(['ios', 'android']), phone: ownerPhoneForm } : { type: r.pick(['ios', 'android']), region: ownerCC };
  const uploads = [];
  const strip = (l) => l.map(({ _ent, ...e }) => e);
  if (sources.gmail.length) uploads.push({ kind: 'json', body: { source: gmailSource, entries: strip(shuffle(r, sources.gmail)) } });
  if (sources.phone.length) uploads.push({ kind: 'json', body: { source: phoneSource, entries: strip(shuffle(r, sources.phone)) } });
  if (sources.work.length) uploads.push({ kind: 'json', body: { source: { type: 'gmail', email: owner.work }, entries: strip(shuffle(r, sources.work)) } });
  if (file) uploads.push({ kind: 'file', format: file.format, body: file.body });

  return {
    idx,
    ownerCC,
    ownerNamed,
    owner: { name: owner.fullName, gmail: owner.gmail, phone: owner.phone.e164 },
    entriesCount,
    now: iso(now),
    entities,
    uploads,
  };
}

function shuffle(r, a) {
  const b = a.slice();
  for (let i = b.length - 1; i > 0; i--) {
    const j = Math.floor(r.f() * (i + 1));
    [b[i], b[j]] = [b[j], b[i]];
  }
  return b;
}

function csvCell(s) {
  if (s == null) return '';
  s = String(s);
  return /[",\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
function renderFile(fmt, rows, r) {
  if (fmt === 'vcard') {
    return (
      rows
        .map((x) => {
          const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${x.name}`, `N:${x.family};${x.given};;;`];
          if (x.company) lines.push(`ORG:${x.company}`);
          if (x.email) lines.push(`EMAIL;TYPE=INTERNET${r.chance(0.5) ? ';TYPE=HOME' : ''}:${x.email}`);
          if (x.phone) lines.push(`TEL;TYPE=${r.pick(['CELL', 'CELL,VOICE', 'HOME', 'WORK'])}:${x.phone}`);
          lines.push('END:VCARD');
          return lines.join('\r\n');
        })
        .join('\r\n') + '\r\n'
    );
  }
  if (fmt === 'google-csv') {
    const head = 'First Name,Middle Name,Last Name,Nickname,Organization Name,Labels,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value';
    return (
      [
        head,
        ...rows.map((x) =>
          [x.given, '', x.family, '', x.company, '* myContacts', x.email ? '* Home' : '', x.email, x.phone ? 'Mobile' : '', x.phone].map(csvCell).join(','),
        ),
      ].join('\n') + '\n'
    );
  }
  const head = 'First Name,Last Name,Display Name,E-mail Address,E-mail Type,Mobile Phone,Business Phone,Job Title,Company';
  return (
    [head, ...rows.map((x) => [x.given, x.family, x.name, x.email, x.email ? 'SMTP' : '', x.phone, '', '', x.company].map(csvCell).join(','))].join('\r\n') +
    '\r\n'
  );
}

// ---------------------------------------------------------------------------------------------------
// Ground-truth keys
export function canonEmail(a) {
  let [l, d] = a.toLowerCase().split('@');
  if (d === 'googlemail.com') d = 'gmail.com';
  if (d === 'gmail.com') l = l.split('+')[0].replace(/\./g, '');
  return `${l}@${d}`;
}
export function phoneKey(s) {
  const d = String(s).replace(/\D/g, '');
  return d.length >= 9 ? d.slice(-9) : d;
}
// MX "+52 1 55 ..." keeps the last 9 digits the same; fine.
