/**
 * Hand-written address tree for the offline address suggestions: regions, districts, towns and
 * settlements, and five big cities with real major streets. build-data.ts adds house numbers to
 * every street (a deterministic number of houses, some with корпуса). Postal codes are plausible
 * for the street, not a postal register; one code per street.
 */
export interface RegionSource {
  readonly withType: string;
  readonly type: string;
  readonly name: string;
  readonly kladrId: string | null;
  /** A federal city is a region and a city at once (fias_level 1, city fields filled). */
  readonly federalCity?: boolean;
  readonly postalCode: string;
}

export interface PlaceSource {
  readonly region: string;
  /** Level 3 (район), 4 (город), 6 (населённый пункт). */
  readonly level: 3 | 4 | 6;
  readonly area?: string;
  readonly city?: string;
  readonly settlement?: string;
  readonly postalCode: string;
  readonly kladrId?: string;
}

export interface CitySource {
  readonly region: string;
  /** `г Новосибирск`; null for a federal city whose region is the city. */
  readonly city: string | null;
  readonly postalCode?: string;
  readonly kladrId?: string;
  /** `street with type | postal code`, one per line. */
  readonly streets: string;
}

export const REGIONS: readonly RegionSource[] = [
  {
    withType: 'г Москва',
    type: 'г',
    name: 'Москва',
    kladrId: '7700000000000',
    federalCity: true,
    postalCode: '101000',
  },
  {
    withType: 'г Санкт-Петербург',
    type: 'г',
    name: 'Санкт-Петербург',
    kladrId: '7800000000000',
    federalCity: true,
    postalCode: '190000',
  },
  {
    withType: 'Московская обл',
    type: 'обл',
    name: 'Московская',
    kladrId: '5000000000000',
    postalCode: '140000',
  },
  {
    withType: 'Ленинградская обл',
    type: 'обл',
    name: 'Ленинградская',
    kladrId: '4700000000000',
    postalCode: '187000',
  },
  {
    withType: 'Новосибирская обл',
    type: 'обл',
    name: 'Новосибирская',
    kladrId: '5400000000000',
    postalCode: '630000',
  },
  {
    withType: 'Свердловская обл',
    type: 'обл',
    name: 'Свердловская',
    kladrId: '6600000000000',
    postalCode: '620000',
  },
  {
    withType: 'Респ Татарстан',
    type: 'Респ',
    name: 'Татарстан',
    kladrId: '1600000000000',
    postalCode: '420000',
  },
];

export const PLACES: readonly PlaceSource[] = [
  {
    region: 'Московская обл',
    level: 4,
    city: 'г Химки',
    postalCode: '141400',
    kladrId: '5000004400000',
  },
  {
    region: 'Московская обл',
    level: 4,
    city: 'г Балашиха',
    postalCode: '143900',
    kladrId: '5000000100000',
  },
  {
    region: 'Московская обл',
    level: 4,
    city: 'г Подольск',
    postalCode: '142100',
    kladrId: '5000003300000',
  },
  { region: 'Московская обл', level: 4, city: 'г Мытищи', postalCode: '141000' },
  { region: 'Московская обл', level: 4, city: 'г Королёв', postalCode: '141070' },
  { region: 'Московская обл', level: 4, city: 'г Люберцы', postalCode: '140000' },
  { region: 'Московская обл', level: 4, city: 'г Красногорск', postalCode: '143400' },
  { region: 'г Москва', level: 4, city: 'г Зеленоград', postalCode: '124482' },
  { region: 'г Санкт-Петербург', level: 4, city: 'г Пушкин', postalCode: '196600' },
  { region: 'г Санкт-Петербург', level: 4, city: 'г Колпино', postalCode: '196650' },
  { region: 'г Санкт-Петербург', level: 6, settlement: 'п Шушары', postalCode: '196626' },
  { region: 'Ленинградская обл', level: 3, area: 'Всеволожский р-н', postalCode: '188640' },
  { region: 'Ленинградская обл', level: 3, area: 'Гатчинский р-н', postalCode: '188300' },
  {
    region: 'Ленинградская обл',
    level: 4,
    area: 'Всеволожский р-н',
    city: 'г Всеволожск',
    postalCode: '188640',
  },
  {
    region: 'Ленинградская обл',
    level: 4,
    area: 'Гатчинский р-н',
    city: 'г Гатчина',
    postalCode: '188300',
  },
  {
    region: 'Ленинградская обл',
    level: 6,
    area: 'Всеволожский р-н',
    settlement: 'гп Кузьмоловский',
    postalCode: '188663',
  },
  { region: 'Новосибирская обл', level: 3, area: 'Новосибирский р-н', postalCode: '630501' },
  { region: 'Новосибирская обл', level: 4, city: 'г Бердск', postalCode: '633000' },
  {
    region: 'Новосибирская обл',
    level: 6,
    area: 'Новосибирский р-н',
    settlement: 'рп Краснообск',
    postalCode: '630501',
  },
  {
    region: 'Новосибирская обл',
    level: 6,
    area: 'Новосибирский р-н',
    settlement: 'с Толмачёво',
    postalCode: '633103',
  },
  { region: 'Свердловская обл', level: 3, area: 'Сысертский р-н', postalCode: '624020' },
  { region: 'Свердловская обл', level: 4, city: 'г Нижний Тагил', postalCode: '622000' },
  { region: 'Свердловская обл', level: 4, city: 'г Верхняя Пышма', postalCode: '624090' },
  {
    region: 'Свердловская обл',
    level: 4,
    area: 'Сысертский р-н',
    city: 'г Сысерть',
    postalCode: '624020',
  },
  { region: 'Респ Татарстан', level: 3, area: 'Лаишевский р-н', postalCode: '422610' },
  { region: 'Респ Татарстан', level: 3, area: 'Зеленодольский р-н', postalCode: '422540' },
  { region: 'Респ Татарстан', level: 4, city: 'г Набережные Челны', postalCode: '423800' },
  {
    region: 'Респ Татарстан',
    level: 4,
    area: 'Зеленодольский р-н',
    city: 'г Зеленодольск',
    postalCode: '422540',
  },
  {
    region: 'Респ Татарстан',
    level: 6,
    area: 'Лаишевский р-н',
    settlement: 'с Сокуры',
    postalCode: '422624',
  },
  { region: 'Респ Татарстан', level: 4, city: 'г Иннополис', postalCode: '420500' },
];

export const CITIES: readonly CitySource[] = [
  {
    region: 'г Москва',
    city: null,
    streets: `
ул Тверская|125009
ул 1-я Тверская-Ямская|125047
ул 2-я Тверская-Ямская|125047
ул 3-я Тверская-Ямская|125047
ул 4-я Тверская-Ямская|125047
Тверской б-р|125009
ул Арбат|119002
ул Новый Арбат|121099
Ленинский пр-кт|119071
пр-кт Мира|129090
ул Профсоюзная|117292
Ленинградское ш|125171
Ленинградский пр-кт|125040
Варшавское ш|117105
ул Мясницкая|101000
ул Покровка|105062
ул Маросейка|101000
ул Большая Ордынка|119017
ул Пятницкая|115035
ул Никольская|109012
ул Петровка|107031
ул Садовая-Кудринская|123001
ул Вавилова|117312
ул Льва Толстого|119021
ул Марксистская|109147
ул Новая Басманная|107078
пр-кт Вернадского|119311
Кутузовский пр-кт|121165
ул Люблинская|109390
ул Митинская|125430
ул Генерала Белова|115563
ул Дубнинская|127591
пр-кт Андропова|115487
Каширское ш|115230
ул Миклухо-Маклая|117198
ул Академика Королёва|129515
ул Бутырская|127015
Цветной б-р|127051
Пресненская наб|123112
ул Каланчёвская|107078`,
  },
  {
    region: 'г Санкт-Петербург',
    city: null,
    streets: `
Невский пр-кт|191025
Литейный пр-кт|191028
Московский пр-кт|196084
ул Садовая|190031
ул Гороховая|190031
ул Большая Морская|190000
ул Марата|191025
ул Рубинштейна|191002
Лиговский пр-кт|191040
ул Тверская|191015
Каменноостровский пр-кт|197101
ул Савушкина|197374
пр-кт Просвещения|194354
пр-кт Ветеранов|198205
пр-кт Стачек|198095
ул Дыбенко|193168
пр-кт Энгельса|194156
ул Кораблестроителей|199155
наб реки Фонтанки|191011
Университетская наб|199034
пр-кт Испытателей|197341
ул Типанова|196135
Лахтинский пр-кт|197229
ул Пулковская|196158
ул Достоевского|191126`,
  },
  {
    region: 'Новосибирская обл',
    city: 'г Новосибирск',
    postalCode: '630000',
    kladrId: '5400000100000',
    streets: `
Красный пр-кт|630099
ул Ленина|630004
ул Советская|630007
ул Кирова|630102
ул Гоголя|630005
ул Фрунзе|630091
ул Большевистская|630083
ул Дуси Ковальчук|630049
ул Учительская|630110
ул Титова|630054
пр-кт Карла Маркса|630087
ул Станиславского|630054
ул Богдана Хмельницкого|630075
ул Петухова|630088
пр-кт Дзержинского|630015
ул Крылова|630091
ул Каменская|630099
Морской пр-кт|630090
ул Ватутина|630078
ул Сибирская|630132`,
  },
  {
    region: 'Свердловская обл',
    city: 'г Екатеринбург',
    postalCode: '620000',
    kladrId: '6600000100000',
    streets: `
пр-кт Ленина|620014
ул Малышева|620014
ул 8 Марта|620014
ул Вайнера|620014
ул Белинского|620026
ул Куйбышева|620026
ул Мамина-Сибиряка|620075
ул Радищева|620014
ул Челюскинцев|620027
ул Сурикова|620144
ул Академика Шварца|620144
ул Фронтовых Бригад|620017
пр-кт Космонавтов|620017
ул Уральская|620062
ул Мира|620078
ул Бориса Ельцина|620014
ул Татищева|620028
ул Викулова|620043
ул Амундсена|620016
ул Шейнкмана|620014`,
  },
  {
    region: 'Респ Татарстан',
    city: 'г Казань',
    postalCode: '420000',
    kladrId: '1600000100000',
    streets: `
ул Баумана|420111
ул Кремлёвская|420111
ул Пушкина|420111
ул Петербургская|420107
пр-кт Победы|420138
ул Декабристов|420066
пр-кт Ямашева|420124
ул Чистопольская|420066
ул Московская|420111
ул Карла Маркса|420015
ул Гвардейская|420073
ул Павлюхина|420107
ул Академика Сахарова|420100
ул Мусина|420103
пр-кт Фатыха Амирхана|420103
ул Восстания|420095
ул Короленко|420049
ул Габдуллы Тукая|420021
ул Ершова|420061
ул Хади Такташа|420111`,
  },
];
