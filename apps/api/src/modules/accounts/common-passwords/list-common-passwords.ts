/**
 * Writes common-passwords.txt: passwords people choose first, worldwide and in Brazil, and their
 * usual variants (a word plus digits, a year or a symbol). Run again after changing a list:
 *   npx tsx apps/api/src/modules/accounts/common-passwords/list-common-passwords.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { normalizePassword } from './common-passwords';

/** Seen at the top of every published leak, written whole. */
const worldwide = `
123456 123456789 12345678 password qwerty123 qwerty 12345 1234567 111111 1234567890 123123 abc123 1234
password1 iloveyou 1q2w3e4r 000000 qwertyuiop 123321 654321 555555 666666 7777777 88888888 987654321
dragon 1qaz2wsx zaq12wsx zaq1zaq1 1q2w3e 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4 q1w2e3r4t5 qazwsx qazwsxedc
monkey letmein football baseball sunshine princess master shadow superman michael welcome admin
administrator root toor passw0rd p@ssw0rd p@ssword pa55word trustno1 starwars whatever freedom
hello hello123 charlie donald jordan23 jennifer hunter ranger buster soccer hockey killer george
batman andrew thomas tigger summer winter autumn spring pepper ginger cookie cheese computer
internet samsung iphone google facebook instagram whatsapp youtube netflix microsoft windows
asdfgh asdfghjkl zxcvbnm zxcvbn qweasd qweasdzxc 1qazxsw2 asd123 qwe123 abcd1234 abcdef abcdefg
abcdefgh aaaaaa aaaaaaaa abc12345 123abc a1b2c3 a1b2c3d4 test test123 teste teste123 guest
secret love lovely loveyou mylove babygirl angel angels flower purple orange yellow silver golden
diamond matrix mustang harley ferrari corvette porsche mercedes liverpool chelsea arsenal barcelona
realmadrid juventus manutd messi ronaldo neymar pokemon naruto minecraft fortnite roblox
`;

/** Brazilian words, teams, places and phrases people build passwords on (without accents). */
const brazilian = `
senha senhas minhasenha senhasegura novasenha123 mudar mudar123 mudarsenha trocar trocarsenha acesso
brasil brasileiro brasileira brasilia saopaulo riodejaneiro rio bahia salvador recife fortaleza
curitiba manaus belem goiania natal floripa florianopolis portoalegre belohorizonte minas
flamengo mengao mengo fla corinthians timao corintians palmeiras verdao porco saopaulofc spfc tricolor
santos peixe vasco vascodagama gremio inter internacional colorado cruzeiro atletico galo
atleticomineiro botafogo fogao fluminense flu bahia vitoria sport nautico santacruz ceara fortalezaec
coritiba athletico goias juventude chapecoense bragantino cuiaba avai figueirense paysandu remo
amor amore amorzinho amormeu meuamor teamo euteamo teamomuito amorzao paixao saudade saudades
deus deuseamor deusefiel deuseminhavida deusmeabencoe jesus jesuscristo jesusteama jesusmeama
cristo senhor gloria aleluia familia familiafeliz felicidade feliz alegria vida minhavida sucesso
esperanca fe paz liberdade vitoria guerreiro guerreira forca coragem princesa principe gatinha
gatinho gata gato cachorro cachorrinho bebe bebezinho neném filho filha filhos mae mamae pai papai
vovo vovó irmao irma amigo amiga amigos escola trabalho dinheiro banco cartao casa carro moto
futebol bola chocolate morango banana abacaxi pipoca estrela anjo anjinho lua sol mar praia
brasil2018 pentacampeao hexa copadomundo selecao
`;

/** Common Brazilian first names (without accents). */
const names = `
maria jose ana joao antonio francisco carlos paulo pedro lucas luiz luis marcos gabriel rafael daniel
marcelo bruno eduardo felipe raimundo rodrigo manoel mateus matheus andre fernando fabio leonardo
gustavo guilherme leandro tiago thiago anderson ricardo marcio jorge sebastiao alexandre roberto
edson diego vitor victor sergio claudio geraldo adriano luciano julio renato alex vinicius rogerio
samuel ronaldo mario flavio igor douglas davi arthur heitor bernardo miguel enzo joaquim henrique
adriana juliana marcia fernanda patricia aline sandra camila amanda bruna jessica leticia julia
luciana vanessa mariana gabriela vera larissa claudia beatriz luana rita sonia renata eliane
francisca antonia simone daniela rosa carla cristina helena alice laura valentina sophia isabela
manuela giovanna lorena livia cecilia clara debora tatiana priscila rafaela natalia bianca carolina
`;

const months = `
janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro
january february march april may june july august september october november december
`;

/** Keyboard runs and repeated digits or letters. */
const patterns = `
qwerty qwertyui asdfghjk zxcvbnm1 1234qwer qwer1234 1234asdf asdf1234 12qwaszx 1qaz2wsx3edc
147258369 159753 1597532486 741852963 963852741 258456 102030 10203040 112233 11223344 121212
12121212 123654 131313 147258 159357 202020 232323 252525 313131 456789 696969 789456 789456123
987654 999999 99999999 11111111 00000000 12341234 12344321 1234554321 123456123456 01234567
abcabc abababab qweqwe qweqweqwe aaaa1111 aa123456 a123456 a12345678 q1w2e3 asdasd asdasdasd
`;

/** What people put after a word: digits or a symbol (a year for the words below). */
const suffixes = [
  '',
  '1',
  '12',
  '123',
  '1234',
  '12345',
  '123456',
  '01',
  '10',
  '11',
  '13',
  '22',
  '69',
  '99',
  '00',
  '007',
  '321',
  '@',
  '!',
  '@1',
  '@12',
  '@123',
  '@1234',
  '#123',
  '!123',
  '123!',
  '123@',
  '.123',
  '_123',
  '!@#',
];
/** Years after teams, places and months ('brasil2024', 'janeiro2025'); isCommonPassword covers the rest. */
const years = Array.from({ length: 2031 - 1990 }, (_, index) => String(1990 + index));

function readWords(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** The usual letter-for-symbol swaps, applied all at once (p@ssw0rd). */
function swapLetters(word: string): string {
  return word.replace(/a/g, '@').replace(/o/g, '0').replace(/e/g, '3').replace(/i/g, '1').replace(/s/g, '$');
}

function listCommonPasswords(): string[] {
  const passwords = new Set<string>();
  const add = (password: string) => passwords.add(normalizePassword(password));
  for (const word of [...readWords(worldwide), ...readWords(patterns)]) add(word);
  const withYears = [...readWords(brazilian), ...readWords(months)];
  const worldwideWords = readWords(worldwide).filter((word) => /^[a-z]+$/.test(word));
  for (const base of [...withYears, ...readWords(names), ...worldwideWords]) {
    for (const suffix of suffixes) {
      add(`${base}${suffix}`);
      if (suffix === '' || suffix === '123' || suffix === '@123') add(`${swapLetters(base)}${suffix}`);
    }
  }
  for (const base of withYears) for (const year of years) add(`${base}${year}`);
  return [...passwords].sort();
}

const target = path.join(import.meta.dirname, 'common-passwords.txt');
const passwords = listCommonPasswords();
writeFileSync(target, `${passwords.join('\n')}\n`);
console.log(`${passwords.length} passwords written to ${target}`);
