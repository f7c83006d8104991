/**
 * The benchmark's dataset, issue 14: a busy salon chain on a platform of 1,000 businesses. Every
 * number the generator uses is here; the generator (bench/generate.ts) derives everything else from
 * md5 hashes of fixed keys, so two runs on the same day produce the same data.
 */
export const DATASET = {
  /** Businesses on the platform, the chain included. */
  businesses: 1000,
  clients: 50_000,
  appointments: 200_000,
  professionals: 30,
  audit: 100_000,
  conversations: 20_000,
  /** Comandas the chain closed today (issue 53's closing report): 10 a professional, 1 in 20 reversed. */
  comandas: 300,
  /**
   * Invitations over the platform (issue 56): the shell looks up the signed-in address's pending ones
   * on every page. Spread over all businesses, to addresses of nobody in the data but three pending
   * for the bench employee; this many of them pending (three in four of those expired).
   */
  invitations: 20_000,
  pendingInvitations: 6_000,
  /**
   * The bells' rows over the platform: each small salon has `small.notifications`, the chain the
   * rest, about one every 9 minutes over its two years; each owner has read all but the latest few.
   */
  notifications: 200_000,
  /** The appointments span two years: this many days back from today, and the rest ahead. */
  daysBack: 630,
  daysAhead: 100,
  /** Each of the other businesses: a small salon. */
  small: { services: 4, professionals: 3, clients: 30, appointments: 60, audit: 5, conversations: 5, notifications: 100 },
} as const;

export const BENCH_ACCOUNTS = {
  owner: "dono@bench.agenda.test",
  employee: "colaborador@bench.agenda.test",
  password: "agenda123",
} as const;

export const CHAIN_NAME = "Rede Bela Vista Bench";

/** Start times of the chain's hourly slots (lunch 12:00–13:00 stays free). */
export const SLOT_HOURS = [8, 9, 10, 11, 13, 14, 15, 16, 17, 18] as const;

/**
 * The chain's catalogue, by specialty: professionals 0–9 are barbers, 10–19 hairdressers, 20–29
 * nail artists; each group offers its services. Combos are what one visit books with one
 * professional, always within an hour so the slots never overlap.
 */
export const GROUPS = [
  {
    services: [
      { name: "Corte masculino", description: "Corte na tesoura ou máquina", duration: 30, price: 45 },
      { name: "Barba", description: "Barba com toalha quente", duration: 20, price: 35 },
      { name: "Sobrancelha", description: "Design de sobrancelha masculina", duration: 10, price: 15 },
      { name: "Pigmentação de barba", description: "Pigmentação e acabamento", duration: 45, price: 60 },
    ],
    combos: [[0], [0], [1], [0, 1], [0, 1], [0, 1, 2], [0, 2], [3], [3, 2]],
  },
  {
    services: [
      { name: "Corte feminino", description: "Corte com lavagem e finalização", duration: 30, price: 90 },
      { name: "Escova", description: "Escova modeladora", duration: 30, price: 60 },
      { name: "Hidratação", description: "Tratamento capilar; duração conforme o cabelo", duration: null, price: 85 },
      { name: "Coloração", description: "Coloração completa com produtos profissionais", duration: 60, price: 220 },
    ],
    combos: [[0], [0, 1], [1], [1], [2], [3], [0, 1]],
  },
  {
    services: [
      { name: "Manicure", description: "Cutilagem e esmaltação", duration: 25, price: 35 },
      { name: "Pedicure", description: "Cutilagem, esfoliação e esmaltação", duration: 30, price: 45 },
      { name: "Spa dos pés", description: "Esfoliação e hidratação", duration: 20, price: 40 },
      { name: "Esmaltação em gel", description: "Esmaltação com secagem em cabine", duration: 15, price: 30 },
    ],
    combos: [[0], [0, 1], [1], [0, 3], [0, 2, 3], [1, 2], [0]],
  },
] as const;

export const FIRST_NAMES = [
  "Ana", "Beatriz", "Camila", "Daniela", "Eduarda", "Fabiana", "Gabriela", "Helena", "Isabela", "Jéssica", "Larissa",
  "Mariana", "Natália", "Patrícia", "Renata", "Sabrina", "Tatiane", "Vanessa", "Aline", "Bianca", "Letícia", "Priscila",
  "Luana", "André", "Bruno", "Carlos", "Diego", "Felipe", "Gustavo", "Henrique", "João", "Leonardo", "Lucas", "Marcelo",
  "Rodrigo", "Thiago", "Vinícius", "Otávio", "Mateus", "Rafael", "Júlia", "Márcia", "Sérgio", "Antônio", "Cláudia",
];
export const LAST_NAMES = [
  "Souza", "Lima", "Rodrigues", "Ferreira", "Martins", "Rocha", "Santos", "Carvalho", "Gomes", "Ribeiro", "Barbosa",
  "Araújo", "Pereira", "Almeida", "Nascimento", "Moreira", "Cardoso", "Teixeira", "Correia", "Dias", "Castro",
  "Monteiro", "Freitas", "Pinto", "Silva", "Cavalcanti", "Nunes", "Farias", "Batista", "Azevedo", "Moura", "Ramos",
  "Vieira", "Mendonça", "Duarte", "Campos", "Rezende", "Barros", "Siqueira", "Fonseca", "Conceição", "Magalhães",
];
export const MESSAGES = [
  "Olá! Gostaria de agendar um horário.", "Vocês abrem no sábado?", "Qual o valor do corte?", "Posso remarcar para amanhã?",
  "Obrigada, até lá!", "Tem horário às 15h?", "Confirmo meu horário de amanhã.", "Preciso cancelar, desculpe.",
];
export const BOT_MESSAGES = [
  "Olá! Sou o assistente do salão. Como posso ajudar?", "Temos horários livres amanhã às 10:00 e às 15:00.",
  "Seu agendamento está confirmado.", "Nosso horário é de segunda a domingo, das 08:00 às 19:00.",
];
