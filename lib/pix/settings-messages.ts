/**
 * The texts of the 'Pix' card on Meus Dados (the business's Pix key and, optionally, its PSP). Apart
 * from the schemas, so code that only shows them ships no zod to the browser.
 */
export const PIX_SETTINGS_MESSAGES = {
  title: "Pix",
  loadError: "Não foi possível carregar as configurações de Pix.",
  saveError: "Erro ao salvar o Pix",
  saved: "Pix salvo",
  savedStatic: "As cobranças por Pix usam um QR code com o valor; a equipe confirma o recebimento.",
  savedPsp: "As cobranças por Pix são confirmadas pelo PSP. Cadastre o endereço e o segredo do webhook no PSP.",
  keyRequired: "Informe a chave Pix.",
  keyInvalid: "Chave Pix inválida. Use um CPF, CNPJ, celular com DDD, e-mail ou chave aleatória.",
  nameRequired: "Informe o nome do recebedor.",
  nameTooLong: "No máximo 25 caracteres.",
  cityRequired: "Informe a cidade.",
  cityTooLong: "No máximo 15 caracteres.",
  // The PSP
  urlRequired: "Informe a URL da API do PSP.",
  urlInvalid: "Use um endereço completo que comece com https://.",
  clientIdRequired: "Informe o Client ID.",
  clientSecretRequired: "Informe o Client secret.",
  certificateInvalid: "Certificado inválido. Cole o arquivo PEM inteiro, de -----BEGIN CERTIFICATE----- a -----END CERTIFICATE-----.",
  privateKeyInvalid: "Chave privada inválida. Cole o arquivo PEM inteiro, sem senha, de -----BEGIN PRIVATE KEY----- a -----END PRIVATE KEY-----.",
  certificateWithoutKey: "Informe também a chave privada do certificado.",
  keyWithoutCertificate: "Informe também o certificado da chave privada.",
  keyMismatch: "A chave privada não é a deste certificado.",
  tooLong: "Texto longo demais.",
  unreadable: "As credenciais do PSP salvas não puderam ser lidas (a chave secreta do servidor mudou). Digite o Client secret e o certificado de novo e salve.",
  keepBlank: "Deixe em branco para manter",
  noPix: "Configure a chave Pix antes.",
  noPsp: "Nenhum PSP configurado.",
  pspRemoved: "PSP removido",
  pspRemovedDescription: "As cobranças por Pix voltam a usar o QR code com o valor, confirmado pela equipe.",
  removeError: "Erro ao remover o PSP",
  secretRenewed: "Novo segredo gerado",
  secretRenewedDescription: "Atualize o segredo do webhook no PSP: o anterior não vale mais.",
  renewError: "Erro ao gerar novo segredo",
} as const;
