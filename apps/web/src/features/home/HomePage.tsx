import type { SvgIconComponent } from '@mui/icons-material';
import ArrowForward from '@mui/icons-material/ArrowForward';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StarBorderOutlined from '@mui/icons-material/StarBorderOutlined';
import { Box, Button, Card, CardActionArea, CardContent, Grid, Link, Paper, Stack, Typography } from '@mui/material';
import { FILAS_CAIXA_POSTAL } from '@tramite/shared';
import { Link as RouterLink, useLocation } from 'react-router';
import { Pagina } from '../../components/Pagina';
import { unidadeAtual, urlLogin, useUsuario } from '../../lib/sessao';
import { ROTULOS_FILA, useContagensCaixaPadrao } from '../tramitacao/api';
import { useContagensPrazos } from './api';

interface Atalho {
  titulo: string;
  descricao: string;
  caminho: string;
  icone: SvgIconComponent;
}

const ATALHOS_USUARIO: Atalho[] = [
  {
    titulo: 'Nova autuação',
    descricao: 'Abra um novo documento ou processo.',
    caminho: '/autuacoes',
    icone: NoteAddOutlined,
  },
  {
    titulo: 'Caixa postal',
    descricao: 'Receba os documentos enviados à sua unidade.',
    caminho: '/caixa-postal',
    icone: InboxOutlined,
  },
  {
    titulo: 'Busca de documentos',
    descricao: 'Encontre documentos por número, assunto, datas ou interessado.',
    caminho: '/busca',
    icone: SearchOutlined,
  },
  {
    titulo: 'Favoritos',
    descricao: 'Acompanhe os documentos que você marcou.',
    caminho: '/documentos-favoritos',
    icone: StarBorderOutlined,
  },
  {
    titulo: 'Arquivos assinados',
    descricao: 'Assine arquivos e vincule-os a documentos.',
    caminho: '/arquivos-assinados',
    icone: DrawOutlined,
  },
  {
    titulo: 'Configurações',
    descricao: 'Escolha sua unidade atual, o e-mail de notificações e o resumo diário.',
    caminho: '/usuario',
    icone: SettingsOutlined,
  },
];

const ATALHOS_PUBLICOS: Atalho[] = [
  {
    titulo: 'Busca de documentos',
    descricao: 'Consulte documentos e processos e acompanhe sua tramitação.',
    caminho: '/busca',
    icone: SearchOutlined,
  },
  {
    titulo: 'Consolidação',
    descricao: 'Obtenha o PDF único com as peças de um documento.',
    caminho: '/consolidacao',
    icone: LibraryBooksOutlined,
  },
  {
    titulo: 'Ajuda',
    descricao: 'Saiba como usar cada função do Trâmite.',
    caminho: '/ajuda',
    icone: HelpOutline,
  },
];

const FUNCOES = [
  'Autuação de documentos e processos, e edição dos que ainda estão em criação',
  'Tramitação entre unidades, com fluxos, destinos e despachos',
  'Caixa postal por unidade e recebimento de documentos',
  'Peças (arquivos) com nível de acesso, renumeração e cancelamento',
  'Juntada por anexação ou apensação, e desfazimento',
  'Favoritos com marcadores e acompanhamento por e-mail',
  'Arquivos assinados, consolidação em PDF, capa e comprovante de protocolo',
  'Relatórios de malote e de documentos desarquivados',
];

function CartaoAtalho({ titulo, descricao, caminho, icone: Icone }: Atalho) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={caminho}
        sx={{ height: '100%' }}
        data-testid={`atalho-${caminho.slice(1)}`}
      >
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
            <Icone color="primary" />
            <Typography component="h3" variant="h6">
              {titulo}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {descricao}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** One count of the home page: the number, what it counts, and a link to the list it counts. */
function CartaoContagem({
  para,
  valor,
  rotulo,
  testId,
}: {
  para: string;
  valor: number;
  rotulo: string;
  testId: string;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={para} sx={{ height: '100%', p: 2 }} data-testid={testId}>
        <Typography component="span" variant="h4" sx={{ display: 'block', fontWeight: 700 }}>
          {valor.toLocaleString('pt-BR')}
        </Typography>
        <Typography component="span" variant="body2">
          {rotulo}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

/**
 * The user's postal box at a glance (issue 20): how many documents each queue of the box holds as it opens (the
 * current unit, the default period), each a link into the box with that queue.
 */
function ResumoCaixa({ idUnidadeAtual }: { idUnidadeAtual: number }) {
  const { data } = useContagensCaixaPadrao(idUnidadeAtual);
  if (!data) return null;
  return (
    <Box component="section" aria-labelledby="titulo-resumo-caixa" sx={{ mb: 4 }} data-testid="resumo-caixa">
      <Typography id="titulo-resumo-caixa" component="h2" variant="h5" sx={{ mb: 2 }}>
        Sua caixa postal
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {FILAS_CAIXA_POSTAL.map((fila) => (
          <Grid key={fila} component="li" size={{ xs: 6, md: 3 }}>
            <CartaoContagem
              para={`/caixa-postal?fila=${fila}`}
              valor={data[fila]}
              rotulo={ROTULOS_FILA[fila]}
              testId={`contagem-home-${fila}`}
            />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

const CONTAGENS_PRAZOS = [
  { chave: 'venceHoje', rotulo: 'Vencem hoje', caminho: '/caixa-postal?situacaoPrazo=VENCE_HOJE' },
  { chave: 'vencidos', rotulo: 'Vencidos', caminho: '/caixa-postal?situacaoPrazo=VENCIDO' },
  {
    chave: 'retornosVencidos',
    rotulo: 'Retornos programados vencidos',
    caminho: '/controle-de-prazos?aba=retornos',
  },
] as const;

/**
 * The current unit's deadlines at a glance (issue 20), the daily digest's counts: documents in the box due today and
 * overdue, and the returns the unit scheduled that are overdue; each a link to the list it counts.
 */
function ResumoPrazos({ idUnidade }: { idUnidade: number }) {
  const { data } = useContagensPrazos(idUnidade);
  if (!data) return null;
  return (
    <Box component="section" aria-labelledby="titulo-resumo-prazos" sx={{ mb: 4 }} data-testid="resumo-prazos">
      <Typography id="titulo-resumo-prazos" component="h2" variant="h5" sx={{ mb: 2 }}>
        Prazos da unidade
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {CONTAGENS_PRAZOS.map(({ chave, rotulo, caminho }) => (
          <Grid key={chave} component="li" size={{ xs: 12, sm: 4 }}>
            <CartaoContagem para={caminho} valor={data[chave]} rotulo={rotulo} testId={`contagem-prazo-${chave}`} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

export function HomePage() {
  const usuario = useUsuario();
  const { pathname, search } = useLocation();
  const unidade = unidadeAtual(usuario);
  const atalhos = usuario ? ATALHOS_USUARIO : ATALHOS_PUBLICOS;

  return (
    <Pagina
      titulo="Bem-vindo ao Trâmite"
      tituloDocumento="Início"
      descricao="O protocolo eletrônico da universidade: autuação, tramitação e consulta de documentos e processos administrativos."
    >
      {usuario ? (
        <Typography sx={{ mb: 3 }} data-testid="saudacao">
          Olá, <strong>{usuario.nome}</strong>.{' '}
          {unidade ? (
            <>
              Você está trabalhando na unidade <strong>{unidade.sigla}</strong> — {unidade.nome}.
            </>
          ) : (
            <>
              Escolha sua unidade de trabalho em{' '}
              <Link component={RouterLink} to="/usuario">
                Configurações
              </Link>
              .
            </>
          )}
        </Typography>
      ) : (
        <Paper variant="outlined" sx={{ p: 2, mb: 3, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Typography sx={{ flex: '1 1 320px' }}>
            Servidores da universidade entram no sistema para autuar, receber e tramitar documentos. A busca, a consulta
            de documentos e a consolidação estão abertas a todos.
          </Typography>
          <Button variant="contained" href={urlLogin(pathname + search)} startIcon={<LoginOutlined />}>
            Entrar no sistema
          </Button>
        </Paper>
      )}

      {usuario && unidade ? <ResumoCaixa idUnidadeAtual={unidade.id} /> : null}
      {usuario && unidade ? <ResumoPrazos idUnidade={unidade.id} /> : null}

      <Box component="section" aria-labelledby="titulo-atalhos" sx={{ mb: 4 }}>
        <Typography id="titulo-atalhos" component="h2" variant="h5" sx={{ mb: 2 }}>
          Acesso rápido
        </Typography>
        <Grid container spacing={2}>
          {atalhos.map((atalho) => (
            <Grid key={atalho.caminho} size={{ xs: 12, sm: 6, lg: 4 }}>
              <CartaoAtalho {...atalho} />
            </Grid>
          ))}
        </Grid>
      </Box>

      <Box component="section" aria-labelledby="titulo-funcoes">
        <Typography id="titulo-funcoes" component="h2" variant="h5" sx={{ mb: 1 }}>
          O que o Trâmite faz
        </Typography>
        <Box component="ul" sx={{ mt: 0, pl: 3, '& li': { mb: 0.5 } }}>
          {FUNCOES.map((funcao) => (
            <li key={funcao}>
              <Typography component="span">{funcao}.</Typography>
            </li>
          ))}
        </Box>
        <Button component={RouterLink} to="/ajuda" endIcon={<ArrowForward />}>
          Saiba mais na ajuda
        </Button>
      </Box>
    </Pagina>
  );
}
