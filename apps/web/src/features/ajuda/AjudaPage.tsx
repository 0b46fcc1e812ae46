import { Box, Divider, Link, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Pagina } from '../../components/Pagina';

interface Topico {
  id: string;
  titulo: string;
  conteudo: ReactNode;
}

function P({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 1.5 }}>{children}</Typography>;
}

function Lista({ itens }: { itens: ReactNode[] }) {
  return (
    <Box component="ul" sx={{ mt: 0, mb: 2, pl: 3, '& li': { mb: 0.75 } }}>
      {itens.map((item, indice) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static help text, never reordered
        <Typography component="li" key={indice}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

function Tela({ para, children }: { para: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={para}>
      {children}
    </Link>
  );
}

const TOPICOS: Topico[] = [
  {
    id: 'acesso',
    titulo: 'Acesso ao sistema',
    conteudo: (
      <>
        <P>
          O Trâmite é o protocolo eletrônico da universidade. A <Tela para="/home">página inicial</Tela>, a{' '}
          <Tela para="/busca">busca</Tela>, as informações de documentos, a{' '}
          <Tela para="/consolidacao">consolidação</Tela> e esta ajuda podem ser usadas sem entrar no sistema. As demais
          funções exigem que o servidor entre com seu usuário e senha institucionais, pelo botão <strong>Entrar</strong>{' '}
          no topo da página; depois de entrar, você volta para a tela em que estava.
        </P>
        <P>
          O menu mostra apenas as funções que você pode usar: algumas, como relatórios e administração, dependem de
          permissões concedidas pelo administrador do sistema. Para encerrar a sessão, use <strong>Sair</strong>, no
          topo da página.
        </P>
      </>
    ),
  },
  {
    id: 'autuacao',
    titulo: 'Autuação',
    conteudo: (
      <>
        <P>
          Autuar é registrar um novo documento ou processo no protocolo. Em <Tela para="/autuacoes">Nova autuação</Tela>
          , informe:
        </P>
        <Lista
          itens={[
            'o tipo documental e a unidade de procedência;',
            'o tipo de interessado (aluno, servidor, unidade, fornecedor, entre outros) e o interessado;',
            'o assunto, escolhido entre os válidos para o tipo documental — quando só há um assunto possível, ele já vem selecionado — e o resumo do assunto;',
            'se o documento é urgente e, nesse caso, o motivo da urgência;',
            'opcionalmente, o documento de origem, o emissor, a data do documento de origem e a data de recebimento — se um deles for preenchido, todos os quatro passam a ser obrigatórios;',
            'uma observação, se necessário.',
          ]}
        />
        <P>
          Ao buscar o documento de origem, o emissor é preenchido com a sigla da instituição. A autuação só é gravada
          depois de você confirmar. Documentos ainda <strong>em criação</strong>, nato-digitais ou digitalizados, podem
          ser editados depois; os demais não podem ser alterados e o sistema informa o motivo.
        </P>
      </>
    ),
  },
  {
    id: 'busca',
    titulo: 'Busca de documentos',
    conteudo: (
      <>
        <P>
          Na <Tela para="/busca">Busca</Tela> você encontra documentos e processos por número, resumo do assunto, tipo
          documental, assunto, período de criação, período de tramitação, interessado, unidade de procedência,
          responsável pela tramitação e servidores das unidades de procedência.
        </P>
        <Lista
          itens={[
            'Informe pelo menos um grupo de filtros: o número do documento, um período completo, um interessado ou um responsável pela tramitação.',
            'Todo período precisa das datas inicial e final.',
            'O resumo do assunto exige pelo menos três caracteres e um período de criação ou de tramitação completo.',
            'Para buscar um interessado ou um responsável, escolha antes o seu tipo.',
          ]}
        />
        <P>Clique em um resultado para ver as informações do documento, suas peças, movimentações e vínculos.</P>
      </>
    ),
  },
  {
    id: 'caixa-postal',
    titulo: 'Caixa postal e recebimento',
    conteudo: (
      <>
        <P>
          A <Tela para="/caixa-postal">Caixa postal</Tela> reúne os documentos enviados à sua unidade atual. Filtre pelo
          número do documento ou por um período (datas inicial e final), e também pelo tipo documental.
        </P>
        <P>
          Um documento que chegou mas ainda não foi recebido aparece com a opção <strong>Receber</strong>; após a
          confirmação, ele passa a ficar sob a responsabilidade da sua unidade e pode ser tramitado, receber peças ou
          ser juntado a outro.
        </P>
      </>
    ),
  },
  {
    id: 'tramitacao',
    titulo: 'Tramitação e despacho',
    conteudo: (
      <>
        <P>
          Tramitar é enviar o documento a outra unidade. Na tela <strong>Tramitar documento</strong>, escolha o passo do
          fluxo, o destino e escreva o despacho, definindo o tipo de despacho e o nível de acesso (por padrão, público).
          O sistema valida o fluxo antes do envio e mostra os avisos encontrados.
        </P>
        <P>
          O despacho, ou um despacho preparatório, pode ser salvo antes do envio. As movimentações ficam registradas na
          aba <strong>Movimentações</strong> do documento, com as datas de despacho e de recebimento e os dias
          decorridos.
        </P>
      </>
    ),
  },
  {
    id: 'documento',
    titulo: 'Informações do documento, capa e comprovante',
    conteudo: (
      <P>
        A página de um documento mostra seus dados e permite, conforme sua situação e suas permissões: receber o
        documento, gerar a capa e o comprovante de protocolo em PDF, enviar o comprovante por e-mail, solicitar a
        consolidação, salvar marcadores e marcar como favorito. As abas dão acesso às peças, às movimentações e aos
        vínculos.
      </P>
    ),
  },
  {
    id: 'pecas',
    titulo: 'Peças e níveis de acesso',
    conteudo: (
      <>
        <P>
          Peças são os arquivos que compõem o documento. Na aba <strong>Peças</strong> você as consulta e baixa; em{' '}
          <strong>Envio de peças</strong> anexa novos arquivos (jpg, png, bmp, gif, mp3, mp4, pdf ou zip, com até 5 MiB
          cada, ou 50 MiB em documentos que admitem arquivos grandes).
        </P>
        <Lista
          itens={[
            'Cada arquivo precisa de um tipo de cópia e de um nível de acesso. O nível restrito exige também a hipótese legal que justifica a restrição.',
            'Peças restritas só são vistas por quem tem o documento na caixa postal, pelo interessado nos casos previstos e por quem tem permissão de visualização irrestrita.',
            'É possível alterar a descrição e o nível de acesso, mudar a numeração (as peças intermediárias são renumeradas) e excluir peças ainda não tramitadas.',
            'O cancelamento de uma peça — desmembramento ou desentranhamento — é definitivo e pede confirmação.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'juntada',
    titulo: 'Juntada (anexação e apensação) e vínculos',
    conteudo: (
      <>
        <P>
          A juntada une documentos. Na <strong>anexação</strong> o documento passa a fazer parte do outro; na{' '}
          <strong>apensação</strong> eles tramitam juntos, mas continuam independentes. O assistente de juntada conduz a
          operação em etapas: escolha do tipo de juntada, do documento e confirmação.
        </P>
        <P>
          Só podem ser juntados documentos que estão na caixa postal da sua unidade atual, recebidos e fora de
          arquivamento. A aba <strong>Vínculos</strong> lista os documentos anexados e apensados, e permite desfazer a
          juntada (desanexar ou desapensar).
        </P>
      </>
    ),
  },
  {
    id: 'favoritos',
    titulo: 'Favoritos e marcadores',
    conteudo: (
      <P>
        Marque como favorito, na página do documento, aquele que você quer acompanhar. Em{' '}
        <Tela para="/documentos-favoritos">Favoritos</Tela> você filtra a lista pela data da última alteração, pelo
        resumo e pelo tipo documental, organiza os favoritos com marcadores (etiquetas livres) e liga ou desliga o
        acompanhamento por e-mail, que avisa quando o documento é movimentado.
      </P>
    ),
  },
  {
    id: 'arquivos-assinados',
    titulo: 'Arquivos assinados',
    conteudo: (
      <P>
        Em <Tela para="/arquivos-assinados">Arquivos assinados</Tela> você envia arquivos para assinatura (até 50 MiB),
        escolhe o tipo de assinatura, vincula o arquivo assinado a um documento e exclui arquivos, com confirmação. A
        lista pode ser filtrada por vínculo, por quem assinou, pelo período da assinatura e pelos seus próprios
        arquivos; ela mostra no máximo 50 resultados — se esse limite for atingido, refine os filtros.
      </P>
    ),
  },
  {
    id: 'consolidacao',
    titulo: 'Consolidação',
    conteudo: (
      <P>
        A consolidação reúne as peças de um documento em um único PDF. Ela é solicitada na página do documento e
        processada em segundo plano; em <Tela para="/consolidacao">Consolidação</Tela> você acompanha as solicitações
        recentes e baixa o arquivo quando estiver pronto.
      </P>
    ),
  },
  {
    id: 'relatorios',
    titulo: 'Relatórios: malote e documentos desarquivados',
    conteudo: (
      <>
        <P>
          Os relatórios são gerados em PDF a partir de uma ou mais unidades de procedência e de um intervalo de tempo
          (datas e horários inicial e final). Exigem a permissão de relatórios.
        </P>
        <Lista
          itens={[
            <>
              <strong>Relatório de malote</strong>: a guia de remessa dos documentos tramitados pelas unidades no
              período.
            </>,
            <>
              <strong>Relatório de documentos desarquivados</strong>: os documentos retirados do arquivo por unidade no
              período.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'vocabulario-controlado',
    titulo: 'Vocabulário controlado',
    conteudo: (
      <P>
        O vocabulário controlado (glossário) padroniza os termos usados na autuação. Cada item associa um tipo
        documental e um assunto a uma descrição e a um detalhamento. Quem tem a permissão de administração do
        vocabulário pode incluir, alterar e excluir itens; a exclusão pede confirmação.
      </P>
    ),
  },
  {
    id: 'tipos-documentais',
    titulo: 'Tipos documentais',
    conteudo: (
      <P>
        A edição de tipos documentais lista todos os tipos, inclusive os inativos, e permite alterar suas propriedades:
        se está ativo, se gera capa, se notifica o interessado a cada tramitação, se é considerado processo na anexação,
        o endereço da documentação e a observação. Exige a permissão de administração de tipos documentais.
      </P>
    ),
  },
  {
    id: 'reencaminhamento',
    titulo: 'Reencaminhamento',
    conteudo: (
      <P>
        O reencaminhamento permite, a quem tem essa permissão, encaminhar documentos parados na caixa postal de outra
        unidade. O assistente segue as etapas: unidade, documento, fluxo, destino e despacho. Ao concluir, o documento é
        recebido em nome da unidade e tramitado, e o assistente volta à primeira etapa com a lista atualizada.
      </P>
    ),
  },
  {
    id: 'configuracoes',
    titulo: 'Configurações',
    conteudo: (
      <P>
        Em <Tela para="/usuario">Configurações</Tela> você escolhe a unidade em que está trabalhando, entre as suas
        lotações — a caixa postal e as autuações usam essa unidade —, o e-mail que recebe as notificações e se deseja
        receber notificações por e-mail. Depois de salvar, você é levado à caixa postal.
      </P>
    ),
  },
];

export function AjudaPage() {
  return (
    <Pagina titulo="Ajuda" descricao="Como usar cada função do Trâmite.">
      <Paper variant="outlined" component="nav" aria-labelledby="titulo-topicos" sx={{ p: 2, mb: 4 }}>
        <Typography id="titulo-topicos" component="h2" variant="h6" sx={{ mb: 1 }}>
          Tópicos
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 3, columns: { md: 2 }, '& li': { mb: 0.5, breakInside: 'avoid' } }}>
          {TOPICOS.map((topico) => (
            <li key={topico.id}>
              <Link href={`#${topico.id}`}>{topico.titulo}</Link>
            </li>
          ))}
        </Box>
      </Paper>
      {TOPICOS.map((topico, indice) => (
        <Box
          key={topico.id}
          component="section"
          id={topico.id}
          aria-labelledby={`titulo-${topico.id}`}
          sx={{ scrollMarginTop: 80, mb: 3 }}
        >
          {indice > 0 ? <Divider sx={{ mb: 3 }} /> : null}
          <Typography id={`titulo-${topico.id}`} component="h2" variant="h5" sx={{ mb: 1.5 }}>
            {topico.titulo}
          </Typography>
          {topico.conteudo}
        </Box>
      ))}
    </Pagina>
  );
}
