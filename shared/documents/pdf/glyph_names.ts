/**
 * Glyph names for the characters the form font can encode (form_font.ts), keyed by code point.
 * A simple font's /Differences array names its glyphs, and form fillers (pdftk-java's
 * GlyphList, poppler) turn the names back into characters, so each name here is the one the
 * Adobe Glyph List gives and pdftk-java 3.3 knows: the AGL for New Fonts name where there is
 * one, else the legacy AGL name (`afii10017` for Cyrillic A). Taken from fontTools.agl
 * (Debian python3-fonttools 4.38; the Adobe Glyph List is BSD-3-Clause licensed). Greek Delta,
 * Omega and mu get `uniXXXX` names: pdftk-java reads `Delta`, `Omega` and `mu` as the
 * increment, ohm and micro signs, so it cannot type those three letters in any simple font.
 */
const TABLE = "20:space 21:exclam 22:quotedbl 23:numbersign 24:dollar 25:percent 26:ampersand " +
  "27:quotesingle 28:parenleft 29:parenright 2a:asterisk 2b:plus 2c:comma 2d:hyphen 2e:period " +
  "2f:slash 30:zero 31:one 32:two 33:three 34:four 35:five 36:six 37:seven 38:eight 39:nine " +
  "3a:colon 3b:semicolon 3c:less 3d:equal 3e:greater 3f:question 40:at 41:A 42:B 43:C 44:D 45:E " +
  "46:F 47:G 48:H 49:I 4a:J 4b:K 4c:L 4d:M 4e:N 4f:O 50:P 51:Q 52:R 53:S 54:T 55:U 56:V 57:W " +
  "58:X 59:Y 5a:Z 5b:bracketleft 5c:backslash 5d:bracketright 5e:asciicircum 5f:underscore " +
  "60:grave 61:a 62:b 63:c 64:d 65:e 66:f 67:g 68:h 69:i 6a:j 6b:k 6c:l 6d:m 6e:n 6f:o 70:p " +
  "71:q 72:r 73:s 74:t 75:u 76:v 77:w 78:x 79:y 7a:z 7b:braceleft 7c:bar 7d:braceright " +
  "7e:asciitilde a1:exclamdown a2:cent a3:sterling a4:currency a5:yen a6:brokenbar a7:section " +
  "a8:dieresis a9:copyright aa:ordfeminine ab:guillemotleft ac:logicalnot ae:registered " +
  "af:macron b0:degree b1:plusminus b2:twosuperior b3:threesuperior b4:acute b5:mu b6:paragraph " +
  "b7:periodcentered b8:cedilla b9:onesuperior ba:ordmasculine bb:guillemotright bc:onequarter " +
  "bd:onehalf be:threequarters bf:questiondown c0:Agrave c1:Aacute c2:Acircumflex c3:Atilde " +
  "c4:Adieresis c5:Aring c6:AE c7:Ccedilla c8:Egrave c9:Eacute ca:Ecircumflex cb:Edieresis " +
  "cc:Igrave cd:Iacute ce:Icircumflex cf:Idieresis d0:Eth d1:Ntilde d2:Ograve d3:Oacute " +
  "d4:Ocircumflex d5:Otilde d6:Odieresis d7:multiply d8:Oslash d9:Ugrave da:Uacute " +
  "db:Ucircumflex dc:Udieresis dd:Yacute de:Thorn df:germandbls e0:agrave e1:aacute " +
  "e2:acircumflex e3:atilde e4:adieresis e5:aring e6:ae e7:ccedilla e8:egrave e9:eacute " +
  "ea:ecircumflex eb:edieresis ec:igrave ed:iacute ee:icircumflex ef:idieresis f0:eth f1:ntilde " +
  "f2:ograve f3:oacute f4:ocircumflex f5:otilde f6:odieresis f7:divide f8:oslash f9:ugrave " +
  "fa:uacute fb:ucircumflex fc:udieresis fd:yacute fe:thorn ff:ydieresis 100:Amacron " +
  "101:amacron 102:Abreve 103:abreve 104:Aogonek 105:aogonek 106:Cacute 107:cacute " +
  "108:Ccircumflex 109:ccircumflex 10a:Cdotaccent 10b:cdotaccent 10c:Ccaron 10d:ccaron " +
  "10e:Dcaron 10f:dcaron 110:Dcroat 111:dcroat 112:Emacron 113:emacron 114:Ebreve 115:ebreve " +
  "116:Edotaccent 117:edotaccent 118:Eogonek 119:eogonek 11a:Ecaron 11b:ecaron 11c:Gcircumflex " +
  "11d:gcircumflex 11e:Gbreve 11f:gbreve 120:Gdotaccent 121:gdotaccent 122:Gcommaaccent " +
  "123:gcommaaccent 124:Hcircumflex 125:hcircumflex 126:Hbar 127:hbar 128:Itilde 129:itilde " +
  "12a:Imacron 12b:imacron 12c:Ibreve 12d:ibreve 12e:Iogonek 12f:iogonek 130:Idotaccent " +
  "131:dotlessi 132:IJ 133:ij 134:Jcircumflex 135:jcircumflex 136:Kcommaaccent 137:kcommaaccent " +
  "138:kgreenlandic 139:Lacute 13a:lacute 13b:Lcommaaccent 13c:lcommaaccent 13d:Lcaron " +
  "13e:lcaron 13f:Ldot 140:ldot 141:Lslash 142:lslash 143:Nacute 144:nacute 145:Ncommaaccent " +
  "146:ncommaaccent 147:Ncaron 148:ncaron 149:napostrophe 14a:Eng 14b:eng 14c:Omacron " +
  "14d:omacron 14e:Obreve 14f:obreve 150:Ohungarumlaut 151:ohungarumlaut 152:OE 153:oe " +
  "154:Racute 155:racute 156:Rcommaaccent 157:rcommaaccent 158:Rcaron 159:rcaron 15a:Sacute " +
  "15b:sacute 15c:Scircumflex 15d:scircumflex 15e:Scedilla 15f:scedilla 160:Scaron 161:scaron " +
  "162:Tcommaaccent 163:tcommaaccent 164:Tcaron 165:tcaron 166:Tbar 167:tbar 168:Utilde " +
  "169:utilde 16a:Umacron 16b:umacron 16c:Ubreve 16d:ubreve 16e:Uring 16f:uring " +
  "170:Uhungarumlaut 171:uhungarumlaut 172:Uogonek 173:uogonek 174:Wcircumflex 175:wcircumflex " +
  "176:Ycircumflex 177:ycircumflex 178:Ydieresis 179:Zacute 17a:zacute 17b:Zdotaccent " +
  "17c:zdotaccent 17d:Zcaron 17e:zcaron 17f:longs 386:Alphatonos 387:anoteleia 388:Epsilontonos " +
  "389:Etatonos 38a:Iotatonos 38c:Omicrontonos 38e:Upsilontonos 38f:Omegatonos " +
  "390:iotadieresistonos 391:Alpha 392:Beta 393:Gamma 395:Epsilon 396:Zeta 397:Eta 398:Theta " +
  "399:Iota 39a:Kappa 39b:Lambda 39c:Mu 39d:Nu 39e:Xi 39f:Omicron 3a0:Pi 3a1:Rho 3a3:Sigma " +
  "3a4:Tau 3a5:Upsilon 3a6:Phi 3a7:Chi 3a8:Psi 3aa:Iotadieresis 3ab:Upsilondieresis " +
  "3ac:alphatonos 3ad:epsilontonos 3ae:etatonos 3af:iotatonos 3b0:upsilondieresistonos " +
  "3b1:alpha 3b2:beta 3b3:gamma 3b4:delta 3b5:epsilon 3b6:zeta 3b7:eta 3b8:theta 3b9:iota " +
  "3ba:kappa 3bb:lambda 3bd:nu 3be:xi 3bf:omicron 3c0:pi 3c1:rho 3c2:sigma1 3c3:sigma 3c4:tau " +
  "3c5:upsilon 3c6:phi 3c7:chi 3c8:psi 3c9:omega 3ca:iotadieresis 3cb:upsilondieresis " +
  "3cc:omicrontonos 3cd:upsilontonos 3ce:omegatonos 401:afii10023 402:afii10051 403:afii10052 " +
  "404:afii10053 405:afii10054 406:afii10055 407:afii10056 408:afii10057 409:afii10058 " +
  "40a:afii10059 40b:afii10060 40c:afii10061 40e:afii10062 40f:afii10145 410:afii10017 " +
  "411:afii10018 412:afii10019 413:afii10020 414:afii10021 415:afii10022 416:afii10024 " +
  "417:afii10025 418:afii10026 419:afii10027 41a:afii10028 41b:afii10029 41c:afii10030 " +
  "41d:afii10031 41e:afii10032 41f:afii10033 420:afii10034 421:afii10035 422:afii10036 " +
  "423:afii10037 424:afii10038 425:afii10039 426:afii10040 427:afii10041 428:afii10042 " +
  "429:afii10043 42a:afii10044 42b:afii10045 42c:afii10046 42d:afii10047 42e:afii10048 " +
  "42f:afii10049 430:afii10065 431:afii10066 432:afii10067 433:afii10068 434:afii10069 " +
  "435:afii10070 436:afii10072 437:afii10073 438:afii10074 439:afii10075 43a:afii10076 " +
  "43b:afii10077 43c:afii10078 43d:afii10079 43e:afii10080 43f:afii10081 440:afii10082 " +
  "441:afii10083 442:afii10084 443:afii10085 444:afii10086 445:afii10087 446:afii10088 " +
  "447:afii10089 448:afii10090 449:afii10091 44a:afii10092 44b:afii10093 44c:afii10094 " +
  "44d:afii10095 44e:afii10096 44f:afii10097 451:afii10071 452:afii10099 453:afii10100 " +
  "454:afii10101 455:afii10102 456:afii10103 457:afii10104 458:afii10105 459:afii10106 " +
  "45a:afii10107 45b:afii10108 45c:afii10109 45e:afii10110 45f:afii10193 490:afii10050 " +
  "491:afii10098 218:Scommaaccent 219:scommaaccent 2116:afii61352 20ac:Euro 2013:endash " +
  "2014:emdash 2018:quoteleft 2019:quoteright 201a:quotesinglbase 201c:quotedblleft " +
  "201d:quotedblright 201e:quotedblbase 2020:dagger 2021:daggerdbl 2022:bullet 2026:ellipsis " +
  "2030:perthousand 2039:guilsinglleft 203a:guilsinglright 2122:trademark 192:florin " +
  "2c6:circumflex 2dc:tilde 394:uni0394 3a9:uni03A9 3bc:uni03BC";

/** Code point → glyph name, for the characters above. */
export const GLYPH_NAMES: ReadonlyMap<number, string> = new Map(
  TABLE.split(" ").map((pair) => {
    const [cp, name] = pair.split(":");
    return [parseInt(cp!, 16), name!] as const;
  }),
);
